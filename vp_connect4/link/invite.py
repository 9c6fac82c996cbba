"""The invite: where the host listens and the token that lets one guest in, as one string to paste.

``127.0.0.1:5000/TOKEN`` (an IPv6 address in brackets: ``[::1]:5000/TOKEN``); the token is random, URL-safe
base64 of :data:`TOKEN_BYTES` bytes (192 bits). The host's own address is the one it was told to listen on:
never all interfaces unless the person typed so.
"""

from __future__ import annotations

import argparse
import ipaddress
import re
import secrets
from dataclasses import dataclass

from .. import wording

TOKEN_BYTES = 24  # 192 random bits: more than the 128 the link asks for
TOKEN = re.compile(r"[A-Za-z0-9_-]{32}")  # secrets.token_urlsafe(TOKEN_BYTES): 32 characters
MAX_PORT = 65535
DEFAULT_ADDRESS = "127.0.0.1"  # --listen :0 or --listen 0: this machine alone


@dataclass(frozen=True)
class Address:
    """A host and a port; the port 0 (to listen on) means any free one."""

    host: str
    port: int

    def __str__(self) -> str:
        """As a person writes it: ``127.0.0.1:5000``, an IPv6 host in brackets (``[::1]:5000``)."""
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"


@dataclass(frozen=True)
class Invite:
    """What a guest needs to join: the host's address and the token."""

    address: Address
    token: str

    def __str__(self) -> str:
        """The invite's code, one string to paste: ``127.0.0.1:5000/TOKEN``."""
        return f"{self.address}/{self.token}"

    @property
    def uri(self) -> str:
        return f"ws://{self.address}/"


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def read_address(text: str, default_host: str | None = None) -> Address | None:
    """``HOST:PORT`` (``[V6]:PORT``; ``:PORT`` or ``PORT`` with ``default_host``), or None if it is not one."""
    host, colon, port = text.rpartition(":")
    if not colon:
        host, port = "", text
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    elif ":" in host:
        return None  # an IPv6 address without brackets: its port cannot be told from its groups
    host = host or default_host or ""
    if not (port.isascii() and port.isdigit() and int(port) <= MAX_PORT) or not _is_host(host):
        return None
    return Address(host, int(port))


def _is_host(host: str) -> bool:
    """An IP address, or a host name of letters, digits, dots and dashes."""
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        return bool(re.fullmatch(r"[A-Za-z0-9]([A-Za-z0-9.-]{0,252})", host))


def read_invite(text: str) -> Invite | None:
    """An invite as pasted (spaces around it allowed), or None."""
    where, slash, token = text.strip().rpartition("/")
    address = read_address(where) if slash else None
    if address is None or address.port == 0 or not TOKEN.fullmatch(token):
        return None
    return Invite(address, token)


def listen_address(text: str) -> Address:
    """``--listen``'s value, as argparse reads it."""
    address = read_address(text, DEFAULT_ADDRESS)
    if address is None:
        raise argparse.ArgumentTypeError(wording.bad_listen(text))
    return address


def invite_code(text: str) -> Invite:
    """``--join``'s value, as argparse reads it."""
    invite = read_invite(text)
    if invite is None:
        raise argparse.ArgumentTypeError(wording.bad_invite(text))
    return invite
