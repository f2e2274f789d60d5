"""The start-up path: the home screen's counts from the last load's outline and stdlib sqlite3.

Nothing here imports SQLAlchemy, pydantic, YAML, sympy or pint: it runs before they are loaded.
"""
