"""Templates by id, each compiled on first use: what a command that needs one drill loads."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from drills.catalog import Catalog
from drills.compile import CompiledTemplate, compile_template
from drills.schema import Template


class Deferred(Mapping[str, CompiledTemplate]):
    """Compiled templates and validated specs by id; a spec is compiled when it is first looked up.

    Only for specs that compiled cleanly when they were cached, against the same catalog and code
    (both are part of the template cache's version), so compiling later cannot fail differently:
    `flopcards drill check` compiles one template instead of every one, and says the same."""

    def __init__(self, catalog: Callable[[], Catalog]) -> None:
        self._catalog = catalog
        self._items: dict[str, CompiledTemplate | tuple[Template, str]] = {}

    def add(self, item: CompiledTemplate | tuple[Template, str]) -> None:
        """A compiled template, or a (spec, path) pair to compile on first use."""
        spec = item.spec if isinstance(item, CompiledTemplate) else item[0]
        self._items[spec.id] = item

    def spec_path(self, key: str) -> str | None:
        """The file of the template with this id (without compiling it), or None."""
        item = self._items.get(key)
        if item is None:
            return None
        return item.path if isinstance(item, CompiledTemplate) else item[1]

    def __getitem__(self, key: str) -> CompiledTemplate:
        item = self._items[key]
        if not isinstance(item, CompiledTemplate):
            spec, path = item
            item = self._items[key] = compile_template(spec, path, self._catalog())
        return item

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)
