"""A whole campaign exported as one document, and imported, under the same bounds as the API."""
