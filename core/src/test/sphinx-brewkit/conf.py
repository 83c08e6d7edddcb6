import os, sys
sys.path.insert(0, os.path.abspath("."))
project = "Brewkit"
author = "Linker fixtures"
extensions = ["sphinx.ext.autodoc", "sphinx.ext.viewcode"]
html_theme = "basic"
html_copy_source = True
html_show_sourcelink = True
