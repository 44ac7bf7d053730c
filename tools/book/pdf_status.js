// After window.LC_PDF_STALE (written by `make book`, see tools/book/pdf.py): when
// the print edition predates the site, every link to it says so.
document.addEventListener("DOMContentLoaded", () => {
  if (!window.LC_PDF_STALE) return;
  const note = " (out of date: run make pdf)";
  for (const a of document.querySelectorAll('a[href$="linear-classifiers.pdf"]')) {
    const text = a.querySelector(".btn__text-container") || a;
    text.append(note);
    a.title = "The print edition was printed before the latest build of the site.";
  }
});
