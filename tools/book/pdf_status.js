// After window.LC_PDF_STALE (written by `make book`, see tools/book/pdf.py): when
// the print edition predates the site, the site stops serving it until `make pdf`
// prints it again, and every link to it says so.
document.addEventListener("DOMContentLoaded", () => {
  if (!window.LC_PDF_STALE) return;
  const note = " (being made: make pdf prints it)";
  for (const a of document.querySelectorAll('a[href$="linear-classifiers.pdf"]')) {
    const text = a.querySelector(".btn__text-container") || a;
    text.append(note);
    a.title =
      "The site changed since the print edition was printed; it is served " +
      "again once `make pdf` has printed it.";
  }
});
