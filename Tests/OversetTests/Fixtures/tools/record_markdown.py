#!/usr/bin/env python3
"""Records how cmark-gfm (the parser behind Foundation's AttributedString(markdown:), which SwiftUI's Text uses for
a localized value) reads inline Markdown: the text shown and its bold, italic and code runs.

    apt-get install cmark-gfm        # Debian 12: 0.29.0.gfm.6-6
    python3 Tests/OversetTests/Fixtures/tools/record_markdown.py > Tests/OversetTests/Fixtures/markdown/cmark-gfm.json

Each input goes through `cmark-gfm -e strikethrough --to html`; the HTML's <strong>, <em> and <code> spans become
runs (UTF-16 offsets), <a> and <del> keep their text, an <img> its alt text (cmark drops the description's markup
there), <br /> is the newline cmark writes after it. Inputs are single paragraphs without
leading or trailing white space, so block parsing (which Apple's inline-only mode skips) changes nothing.
"""
import html.parser, json, subprocess, sys

INPUTS = [
    "Tap **Allow** to continue",
    "Tap __Allow__ to continue",
    "Use *italic* and _italic_ here",
    "***bold italic*** text",
    "**bold *nested italic* bold**",
    "*italic **nested bold** italic*",
    "`code` and ``double `tick` code``",
    "`` `a` ``",
    "Visit [our site](https://example.com) now",
    "Visit [**bold link**](https://example.com \"Title\") now",
    "[link](<https://example.com/a b>) after",
    "See <https://example.com/path> here",
    "Mail <someone@example.com> today",
    "~~struck~~ and ~single~ tilde",
    "\\*not italic\\* and \\_not\\_ either",
    "Price: 5 * 3 * 2 = 30",
    "snake_case_name stays",
    "_emphasis_with_underscores_",
    "*foo bar *",
    "a * foo bar*",
    "foo*bar*",
    "5*6*78",
    "_foo_bar_",
    "**foo bar **",
    "**foo*bar**",
    "*foo**bar**baz*",
    "*foo**bar*",
    "***foo** bar*",
    "*foo *bar**",
    "**foo \"*bar*\" foo**",
    "foo***bar***baz",
    "foo******bar*********baz",
    "*(*foo*)*",
    "**Gomphocarpus (*Gomphocarpus physocarpus*, syn. *Asclepias physocarpa*)**",
    "__foo, __bar__, baz__",
    "[unclosed bracket and **bold**",
    "closing] bracket alone",
    "[not a link] (space before)",
    "a [link](url) and [another](url2 'single quoted')",
    "&amp; &lt;tag&gt; &copy; &#169; &#xA9; &hellip;",
    "&unknownentity; stays",
    "line one\\\nline two",
    "line one  \nline two",
    "Die Regeln, die die Moderator*innen von **%@** aufgestellt haben",
    "Folge **%1$@** und *%2$d* anderen",
    "**%@** hat deinen Beitrag favorisiert",
    "Tippe auf **Erlauben**, um fortzufahren",
    "**تم** الحفظ",
    "กด **อนุญาต** เพื่อดำเนินการต่อ",
    "**允许**后继续",
    "Unmatched **bold and *italic",
    "Emoji **👍🏽 great** job",
    "`code with **stars**` stays literal",
    "*italic `code` inside*",
    "**bold [link](u) inside**",
    "some ~~~three tildes~~~ inside",
    "~~mismatched~",
    "See ![the icon](icon.png) here",
    "![plain alt](x.png) and ![unclosed",
]

class Runs(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.text = ""
        self.stack = []
        self.runs = []
    def handle_starttag(self, tag, attrs):
        if tag == "br":
            pass  # cmark writes "<br />\n": the newline after it is the break
        elif tag in ("strong", "em", "code", "a", "del", "p"):
            self.stack.append(tag)
    def handle_startendtag(self, tag, attrs):
        if tag == "img":
            # An image shows its description (cmark writes it as the alt attribute, markup removed).
            self.handle_data(dict(attrs).get("alt", ""))
            return
        self.handle_starttag(tag, attrs)
    def handle_endtag(self, tag):
        if tag in ("strong", "em", "code", "a", "del", "p"):
            # Pop the last occurrence.
            for i in range(len(self.stack) - 1, -1, -1):
                if self.stack[i] == tag:
                    del self.stack[i]
                    break
    def handle_data(self, data):
        start = len(self.text.encode("utf-16-le")) // 2
        self.text += data
        end = len(self.text.encode("utf-16-le")) // 2
        attrs = {"bold": "strong" in self.stack, "italic": "em" in self.stack, "code": "code" in self.stack}
        if not any(attrs.values()) or start == end:
            return
        if self.runs and self.runs[-1]["end"] == start and all(self.runs[-1][k] == v for k, v in attrs.items()):
            self.runs[-1]["end"] = end
        else:
            self.runs.append({"start": start, "end": end, **attrs})

version = subprocess.run(["cmark-gfm", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
cases = []
for source in INPUTS:
    out = subprocess.run(["cmark-gfm", "-e", "strikethrough", "--to", "html"], input=source, capture_output=True,
                         text=True, check=True).stdout
    parser = Runs()
    parser.feed(out)
    text = parser.text.rstrip("\n")
    cases.append({"markdown": source, "html": out.rstrip("\n"), "text": text, "runs": parser.runs})
json.dump({"command": "cmark-gfm -e strikethrough --to html (" + version + ")", "cases": cases}, sys.stdout,
          ensure_ascii=False, indent=1)
sys.stdout.write("\n")
