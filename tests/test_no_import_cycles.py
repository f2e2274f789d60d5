"""No import cycle among the project's modules: every import counts, at module level, inside a
function or under TYPE_CHECKING (a lazy import hides a cycle from the start, not from the design)."""

from __future__ import annotations

import grimp

PACKAGES = ("engine", "cards", "drills", "tui")


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for imported in edges.get(module, ()):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return sorted(found)


def test_the_cycle_finder_finds_a_cycle() -> None:
    """Else the test below could not fail."""
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e"}}
    assert cycles(edges) == [["a", "b", "c"]]


def test_no_import_cycle_in_the_tree() -> None:
    graph = grimp.build_graph(*PACKAGES, cache_dir=None)
    edges = {module: set(graph.find_modules_directly_imported_by(module)) for module in graph.modules}
    assert len(edges) > 200
    found = cycles(edges)
    chains = {
        " <-> ".join(group): [
            f"{importer} -> {imported} (line {detail['line_number']}: {detail['line_contents']})"
            for importer in group
            for imported in sorted(edges[importer] & set(group))
            for detail in graph.get_import_details(importer=importer, imported=imported)
        ]
        for group in found
    }
    assert chains == {}
