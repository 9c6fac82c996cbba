"""``vp-connect4 cluster-keys FOLDER``: the keys of a lab cluster that only the teacher can use; the address
``tourney --cluster`` takes, and whether the scheduler there lets these keys in (asked before Dask connects).

One command makes a private certificate authority and, signed by it, a certificate and key for each of the three
roles: the scheduler, the workers (all lab machines share one), the client (the teacher's ``tourney``). Dask's TLS
(``--protocol tls``) makes both ends of every connection show a certificate of that authority: a program without
one of these keys is refused by the scheduler and the workers. The authority's own key is never written, so nobody
can sign another certificate later: new keys are a new folder, copied again to every machine.

Dask does not tell the roles apart (any certificate of the authority opens any connection), so each ``.key`` file
is written readable by its owner only, and must stay so on every machine.

Before Dask's client connects (it tries again and again until its timeout, whatever the answer), :func:`reach` asks
the scheduler once: the machine named, a TLS handshake with the client's keys, the first bytes of Dask's greeting,
all within :data:`REACH_SECONDS`. What goes wrong is one sentence (:class:`Unreachable`) at once: a machine that is
not known, a port where nothing listens, a scheduler without TLS or with another authority's keys, or silence.
"""

from __future__ import annotations

import datetime
import errno
import os
import re
import shlex
import socket
import ssl
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from ... import wording

if TYPE_CHECKING:  # cryptography is imported by make() only: tourney's address check needs none of it
    from cryptography.hazmat.primitives.asymmetric.ec import EllipticCurvePrivateKey
    from cryptography.x509 import Certificate, Name

ROLES = ("scheduler", "worker", "client")
CA_FILE = "ca.pem"
VALID_DAYS = 3 * 366  # a few school years; then cluster-keys again
EARLIER = datetime.timedelta(hours=1)  # valid from an hour ago: the lab's clocks need not agree to the second
KEY_MODE, CERT_MODE, FOLDER_MODE = 0o600, 0o644, 0o700
REACH_SECONDS = 6.0  # for the scheduler's machine, port, TLS handshake and greeting together
DASK_PORT = 8786  # dask scheduler's port unless told (the commands cluster-keys shows)
SCHEME = "tls://"
UNSECURED = ("tcp://", "ws://", "inproc://", "ucx://")  # Dask's addresses without TLS
_HOST_PORT = re.compile(r"(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+):(?P<port>[0-9]{1,5})")


class KeysExist(FileExistsError):
    """The folder already holds cluster keys (they are never overwritten: the machines may use them)."""


class Unreachable(ValueError):
    """The cluster cannot play: its scheduler does not answer, does not let these keys in, or has no workers that
    can (the message says so, in one line)."""


def cert_file(folder: Path, role: str) -> Path:
    """The certificate of ``role`` (one of :data:`ROLES`) in the keys' folder."""
    return folder / f"{role}.pem"


def key_file(folder: Path, role: str) -> Path:
    """The private key of ``role`` in the keys' folder (readable by its owner only)."""
    return folder / f"{role}.key"


def files(folder: Path) -> list[Path]:
    """Every file ``cluster-keys`` writes into ``folder``: the authority's certificate, then each role's two."""
    return [folder / CA_FILE, *(path for role in ROLES for path in (cert_file(folder, role), key_file(folder, role)))]


def make(folder: Path, now: datetime.datetime | None = None) -> datetime.datetime:
    """Write the authority's certificate and each role's certificate and key into ``folder`` (made if missing);
    the moment they stop being valid. :class:`KeysExist` if any of those files is there already; OSError if one
    cannot be written (the files written before it stay, each complete)."""
    from cryptography.hazmat.primitives import serialization

    now = now or datetime.datetime.now(datetime.timezone.utc)
    until = now + datetime.timedelta(days=VALID_DAYS)
    folder.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
    for path in files(folder):
        if path.exists():
            raise KeysExist(str(path))
    pem = serialization.Encoding.PEM
    ca_key, ca_cert = _authority(now, until)
    _write(folder / CA_FILE, ca_cert.public_bytes(pem), CERT_MODE)
    for role in ROLES:
        key, cert = _signed(role, ca_key, ca_cert, now, until)
        private = key.private_bytes(pem, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
        _write(key_file(folder, role), private, KEY_MODE)
        _write(cert_file(folder, role), cert.public_bytes(pem), CERT_MODE)
    return until


def made(folder: Path, until: datetime.datetime) -> str:
    """What ``cluster-keys`` says once the keys are written: which files go to which machine, and the command
    that starts each program there with them (HOST: the scheduler's machine; N: a lab machine's cores)."""
    address = f"{SCHEME}HOST:{DASK_PORT}"
    commands = {
        "scheduler": "dask scheduler --protocol tls",
        "worker": f"dask worker {address} --nthreads N",
        "client": f"vp-connect4 tourney *.py --cluster {address} --cluster-keys {shlex.quote(str(folder))}",
    }
    lines = [wording.cluster_keys_written(str(folder), until.date().isoformat())]
    for role in ROLES:
        keys = f" --tls-ca-file {CA_FILE} --tls-cert {role}.pem --tls-key {role}.key --no-dashboard"
        lines.append(f"  {wording.cluster_keys_role(role)} {CA_FILE}, {role}.pem, {role}.key")
        lines.append(f"      {commands[role]}{keys if role != 'client' else ''}")
    return "\n".join([*lines, wording.cluster_keys_secret()])


def _name(common: str) -> Name:
    from cryptography import x509
    from cryptography.x509.oid import NameOID

    return x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "vp-connect4 lab cluster"),
                      x509.NameAttribute(NameOID.COMMON_NAME, common)])  # fmt: skip


def _authority(now: datetime.datetime, until: datetime.datetime) -> tuple[EllipticCurvePrivateKey, Certificate]:
    """A new authority's key (kept in memory only) and its self-signed certificate."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec

    key = ec.generate_private_key(ec.SECP256R1())
    name = _name("vp-connect4 cluster authority")
    usage = x509.KeyUsage(digital_signature=True, content_commitment=False, key_encipherment=False,
                          data_encipherment=False, key_agreement=False, key_cert_sign=True, crl_sign=True,
                          encipher_only=False, decipher_only=False)  # fmt: skip
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - EARLIER)
        .not_valid_after(until)
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(usage, critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )
    return key, cert


def _signed(
    role: str, ca_key: EllipticCurvePrivateKey, ca_cert: Certificate, now: datetime.datetime, until: datetime.datetime
) -> tuple[EllipticCurvePrivateKey, Certificate]:
    """A new key for ``role`` and its certificate, signed by the authority (good for both ends of a connection: a
    worker is the scheduler's client and other workers' server)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID

    usage = x509.KeyUsage(digital_signature=True, content_commitment=False, key_encipherment=False,
                          data_encipherment=False, key_agreement=False, key_cert_sign=False, crl_sign=False,
                          encipher_only=False, decipher_only=False)  # fmt: skip
    both_ends = x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH, ExtendedKeyUsageOID.CLIENT_AUTH])
    authority = x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key())
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (
        x509.CertificateBuilder()
        .subject_name(_name(f"vp-connect4 {role}"))
        .issuer_name(ca_cert.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - EARLIER)
        .not_valid_after(until)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(usage, critical=True)
        .add_extension(both_ends, critical=False)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .add_extension(authority, critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    return key, cert


def _write(path: Path, data: bytes, mode: int) -> None:
    """A new file (never one that is there) with ``mode`` from its first byte on (not a moment readable by all)."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    with os.fdopen(descriptor, "wb") as file:
        os.fchmod(file.fileno(), mode)  # whatever the umask
        file.write(data)


# -- the scheduler's address (tourney --cluster) --------------------------------------------------------------------


def scheduler_address(text: str) -> str:
    """``--cluster``'s address as typed, checked: ``tls://HOST:PORT``; ValueError (its sentence says why) for an
    address without TLS (not secured) or one that is not a scheduler's address at all."""
    if text.lower().startswith(UNSECURED):
        raise ValueError(wording.tourney_cluster_not_secured(text))
    found = _HOST_PORT.fullmatch(text[len(SCHEME) :]) if text.lower().startswith(SCHEME) else None
    if found is None or not 0 < int(found["port"]) < 2**16:
        raise ValueError(wording.tourney_cluster_bad_address(text))
    return SCHEME + text[len(SCHEME) :]


def client_context(folder: Path) -> ssl.SSLContext:
    """The client's side of a connection to the cluster, as Dask makes it from the same files: the scheduler must
    show a certificate of the folder's authority, and is shown the client's; :class:`Unreachable` if the folder's
    files cannot be read."""
    try:
        for path in (folder / CA_FILE, cert_file(folder, "client"), key_file(folder, "client")):
            path.read_bytes()  # one missing or unreadable: named (ssl's own error does not name it)
        context = ssl.create_default_context(ssl.Purpose.SERVER_AUTH, cafile=str(folder / CA_FILE))
        context.load_cert_chain(cert_file(folder, "client"), key_file(folder, "client"))
    except OSError as error:  # ssl.SSLError too: not a certificate or key
        reason = f"{error.filename}: {error.strerror}" if error.filename and error.strerror else one_line(error)
        raise Unreachable(wording.tourney_cluster_keys_unreadable(str(folder), reason)) from None
    context.check_hostname = False  # the cluster's own authority; lab machines are often named by address
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    return context


def reach(address: str, context: ssl.SSLContext, seconds: float = REACH_SECONDS) -> None:
    """Nothing, if the scheduler at ``address`` (``tls://HOST:PORT``) lets in a client with ``context``'s keys and
    greets it within ``seconds``; else :class:`Unreachable`, its sentence saying what happened."""
    found = _HOST_PORT.fullmatch(address[len(SCHEME) :])
    if not address.startswith(SCHEME) or found is None:
        raise Unreachable(wording.tourney_cluster_bad_address(address))
    host, port = found["host"].strip("[]"), int(found["port"])
    outcome: list[BaseException | None] = []
    connected = threading.Event()  # the port accepted: what fails after is the handshake, or the keys

    def ask() -> None:  # in a thread of its own: the machine's name is looked up without a timeout of its own
        try:
            with socket.create_connection((host, port), timeout=seconds) as plain:
                connected.set()
                with context.wrap_socket(plain, server_hostname=host) as secure:
                    if not secure.recv(1):
                        raise ConnectionResetError(errno.ECONNRESET, os.strerror(errno.ECONNRESET))
            outcome.append(None)
        except Exception as error:
            outcome.append(error)

    asking = threading.Thread(target=ask, name="vp-connect4-cluster-reach", daemon=True)
    asking.start()
    asking.join(seconds)
    error = outcome[0] if outcome else TimeoutError()
    if error is None:
        return
    if isinstance(error, TimeoutError):
        raise Unreachable(wording.tourney_cluster_silent(address, round(seconds)))
    if connected.is_set():  # no TLS there, or another authority's keys on one side
        raise Unreachable(wording.tourney_cluster_refused(address, one_line(error)))
    raise Unreachable(wording.tourney_no_cluster(address, one_line(error)))  # no such machine; nothing on that port


def one_line(error: BaseException) -> str:
    """An error as one line: its kind and its first line."""
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0].rstrip('.')}" if text else type(error).__name__
