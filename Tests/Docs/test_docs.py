"""The README and docs/: every link resolves to a file or a heading, the README stays short
and starts with the app's screenshot, each page says what it covers, no page for users speaks
of issue numbers, and every `--flag` those pages name is one the app's `--help` lists.

    python3 -m unittest discover -s Tests/Docs -t Tests/Docs -v   (TMINUS_BIN: the binary, else .build/debug/tminus)
"""

from __future__ import annotations

import os
import re
import subprocess
import unittest

from markdown_links import REPO, broken, pages, prose


class DocsTests(unittest.TestCase):
    def test_every_link_resolves(self):
        for page in pages():
            with self.subTest(page=page.name):
                self.assertEqual(broken(page), [])

    def test_the_readme_is_short_and_opens_with_the_screen(self):
        readme = (REPO / "README.md").read_text()
        self.assertLessEqual(readme.count("\n"), 250)
        first = next(line for line in readme.splitlines()[1:] if line.strip())
        self.assertTrue(first.startswith("![") and "(docs/images/launches-200x60.png)" in first,
                        "the screenshot comes before anything else")
        self.assertTrue((REPO / "docs/images/launches-200x60.png").read_bytes().startswith(b"\x89PNG"))

    def test_every_page_says_what_it_covers(self):
        for page in sorted((REPO / "docs").glob("*.md")):
            with self.subTest(page=page.name):
                lines = page.read_text().splitlines()
                self.assertTrue(lines[0].startswith("# "), lines[0])
                self.assertTrue(lines[2] and not lines[2].startswith("#"), "a sentence of what it covers under the title")

    def test_no_issue_numbers_in_user_facing_text(self):
        for page in pages():
            if page.name in ("architecture.md", "performance.md"):
                continue  # for developers: commits and history are part of the figures
            with self.subTest(page=page.name):
                self.assertIsNone(re.search(r"\bissue \d+", prose(page.read_text())))

    def test_every_flag_the_user_pages_name_exists(self):
        """Each `--flag` of the README and the pages for users is in `--help` of the app or a
        subcommand (the binary `make test` built)."""
        binary = os.environ.get("TMINUS_BIN") or str(REPO / ".build/debug/tminus")
        if not os.path.exists(binary):
            self.skipTest(f"no binary at {binary}")
        helps = "".join(subprocess.run([binary, *command, "--help"], text=True, stdout=subprocess.PIPE,
                                       stderr=subprocess.STDOUT).stdout
                        for command in ([], ["next"], ["list"], ["events"], ["rockets"], ["favorites"], ["ics"], ["doctor"]))
        known = set(re.findall(r"--[a-z][a-z0-9-]*", helps))
        for name in ("README.md", "docs/configuration.md", "docs/scripting.md", "docs/keys.md", "docs/using.md"):
            named = set(re.findall(r"--[a-z][a-z0-9-]*", (REPO / name).read_text()))
            with self.subTest(page=name):
                self.assertEqual(sorted(named - known), [])

    def test_every_page_is_linked_from_the_readme(self):
        readme = (REPO / "README.md").read_text()
        for page in sorted((REPO / "docs").glob("*.md")):
            self.assertIn(f"(docs/{page.name})", readme)


if __name__ == "__main__":
    unittest.main()
