"""Every chapter, as the site's download button serves it, runs in a simulated Colab.

The notebook is downloaded from the built site (served on 127.0.0.1) into an empty
folder and executed in an environment with only numpy, scipy, matplotlib,
scikit-learn, pandas, ipywidgets, ipykernel and nbclient: no linclass, no myst-nb, no
jupyter-book. Its setup cell must install linclass from the site's wheel
(``LINCLASS_WHEEL_URL``), and every cell, every assert included, must run.
"""

import pytest
from fresh_run import chapters_one_quick, run_downloaded

# `make test` runs chapter 5 (it reads data sets shipped in the wheel).
CHAPTERS = chapters_one_quick("chapters/05_lda")


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_downloaded_chapter_runs_in_a_fresh_environment(
    site, fresh_base, chapter, tmp_path
):

    def download_button(href):
        # The site's own copy; the Colab button opens the same file as published.
        return not href.startswith("http") and href.endswith(
            f"_sources/{chapter}.ipynb"
        )

    run_downloaded(site, f"{chapter}.html", download_button, tmp_path, fresh_base)
