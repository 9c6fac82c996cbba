"""JUnit XML from a :class:`~.verdicts.Grade`: one ``<testsuite>``, one ``<testcase>`` per method and ply.

GitHub Classroom and CI systems read it: a failed test has ``<failure message="...">`` (the first line) holding the
same words as Gradescope's ``output`` (the position, the call, both lists); a passed one says so in ``<system-out>``.
Every text is made visible (:func:`..worker.visible.visible`; its lines kept) on its way in, whatever made it: the
document
holds no character XML 1.0 forbids, so it always parses.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from ..worker.visible import visible
from .gradescope import write_text
from .verdicts import Grade

SUITE = "vp-connect4 check"
CLASS = "vp_connect4.check"


def junit_xml(grade: Grade, seconds: float = 0.0) -> str:
    """The XML document."""
    failures = sum(not test.passed for test in grade.tests)
    suite = ET.Element("testsuite", {
        "name": f"{SUITE} {visible(grade.file)}", "tests": str(len(grade.tests)), "failures": str(failures),
        "errors": "0", "skipped": "0", "time": f"{seconds:.3f}",
    })  # fmt: skip
    for test in grade.tests:
        case = ET.SubElement(suite, "testcase", {"classname": CLASS, "name": visible(test.name), "time": "0"})
        output = visible(test.output, lines=True)
        if test.passed:
            ET.SubElement(case, "system-out").text = output
        else:
            first = output.split("\n", 1)[0]
            failure = ET.SubElement(case, "failure", {"message": first, "type": "difference"})
            failure.text = output
    ET.SubElement(suite, "system-out").text = visible(grade.output, lines=True)
    ET.indent(suite)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(suite, encoding="unicode") + "\n"


def write(path: Path, grade: Grade, seconds: float = 0.0) -> None:
    write_text(path, junit_xml(grade, seconds))
