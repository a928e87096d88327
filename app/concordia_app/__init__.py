"""The app mode's server side (`make app`, set up by app/voila.py): a cap on live kernels with a plain busy page
beyond it (kernels.py), and a visitor id per browser handed to the page's kernel (visitors.py). Imported by the
Voilà server only, never by a page's kernel."""
