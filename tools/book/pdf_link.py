"""Sphinx extension: every page's download menu offers the whole book as a PDF.

sphinx-book-theme builds the menu from ``context["header_buttons"]`` in its own
``html-page-context`` handler (priority 501); this one runs after it and adds a
link to the print edition, which ``make book`` copies into ``_static/``, and to
every page ``lc-pdf-status.js``, which ``make book`` writes after Sphinx: it marks
those links when the PDF is older than the site (``tools/book/pdf.py``). The script
tag is written as it is, not with ``app.add_js_file``, which would add a checksum of
the file to every page: the pages, from which the PDF is printed, would then change
with the PDF's own status.
"""

PDF_NAME = "linear-classifiers.pdf"


STATUS_JS = "lc-pdf-status.js"


def add_book_pdf(app, pagename, templatename, context, doctree):
    status = context["pathto"](f"_static/{STATUS_JS}", 1)
    context["metatags"] = context.get("metatags", "") + (
        f'\n<script src="{status}"></script>'
    )
    for group in context.get("header_buttons", []):
        if group.get("label") == "download-buttons":
            group["buttons"].append(
                {
                    "type": "link",
                    "url": context["pathto"](f"_static/{PDF_NAME}", 1),
                    "text": "book .pdf",
                    "tooltip": "Download the whole book (print edition, PDF)",
                    "icon": "fas fa-book",
                    "label": "download-book-pdf-button",
                }
            )


def setup(app):
    app.connect("html-page-context", add_book_pdf, priority=502)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
