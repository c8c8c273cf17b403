#!/usr/bin/env python3
"""Fails when modules of a Rust crate import each other in a circle.

Rust compiles such circles, so neither rustc nor clippy reports them; the frontend has
`import-x/no-cycle` for the same rule. Modules are compared as siblings at every level:
`crate::a::x` using `crate::b::y` is an edge a -> b (and a::x -> a::z inside a), while a parent
and its own children may refer to each other (the usual layout: `mod.rs` re-exports, children
reach `super::`). Test code (`#[cfg(test)]` onwards, `tests` modules) is left out.

It reads `crate::` and `super::` paths as text and follows `pub use` re-exports, so a path
spelled another way (a glob import of a sibling) is not seen: a guard, not a proof.

Usage: module-circles.py [CRATES_DIR]   (default: crates/ beside tests/)
"""
import os
import re
import sys
from collections import defaultdict

PATH = re.compile(r"\b((?:crate|super)(?:::super)*)::(\{[^}]*\}|[\w:]+)")
REEXPORT_GROUP = re.compile(r"pub(?:\([\w ]+\))? use (?:self::)?([\w:]+)::\{([^}]*)\}")
REEXPORT_ONE = re.compile(r"pub(?:\([\w ]+\))? use (?:self::)?([\w:]+)::(\w+);")


def module_of(src, file):
    parts = os.path.relpath(file, src)[: -len(".rs")].split(os.sep)
    if parts[-1] in ("lib", "main", "mod"):
        parts = parts[:-1]
    return tuple(parts)


def crate_edges(src):
    files = {}
    for folder, _, names in os.walk(src):
        for name in names:
            # main.rs beside lib.rs is a binary of its own that calls the library.
            binary_beside_lib = folder == src and name == "main.rs" and os.path.exists(os.path.join(src, "lib.rs"))
            if name.endswith(".rs") and not binary_beside_lib:
                path = os.path.join(folder, name)
                files[module_of(src, path)] = path
    texts = {module: open(path, encoding="utf-8").read() for module, path in files.items()}

    reexports = {}
    for module, text in texts.items():
        for match in REEXPORT_GROUP.finditer(text):
            for name in re.findall(r"\w+", match.group(2)):
                reexports[module + (name,)] = module + tuple(match.group(1).split("::"))
        for match in REEXPORT_ONE.finditer(text):
            reexports[module + (match.group(2),)] = module + tuple(match.group(1).split("::"))

    def resolve(path):
        """The module a path names: its longest module prefix, through re-exports."""
        for _ in range(8):
            prefix = next(
                (tuple(path[:n]) for n in range(len(path), 0, -1) if tuple(path[:n]) in files),
                (),
            )
            rest = path[len(prefix) :]
            if rest and prefix + (rest[0],) in reexports:
                path = list(reexports[prefix + (rest[0],)]) + list(rest[1:])
                continue
            return prefix
        return prefix

    edges = defaultdict(set)
    for module, text in texts.items():
        if "tests" in module:
            continue
        code = text.split("#[cfg(test)]")[0]
        code = re.sub(r"//.*", "", code)
        for match in PATH.finditer(code):
            base, rest = match.groups()
            start = [] if base.startswith("crate") else list(module[: len(module) - base.count("super")])
            items = re.findall(r"(?:^|[{,])\s*([\w:]+)", rest) if rest.startswith("{") else [rest]
            for item in items:
                target = resolve(start + [part for part in item.split("::") if part and part != "self"])
                shared = 0
                while shared < min(len(module), len(target)) and module[shared] == target[shared]:
                    shared += 1
                if shared < len(module) and shared < len(target):
                    edges[module[: shared + 1]].add(target[: shared + 1])
    return edges


def circles(edges):
    """Strongly connected groups of more than one module (Tarjan)."""
    index, low, stack, on_stack, groups = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in edges.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted("::".join(member) for member in group))

    sys.setrecursionlimit(10_000)
    for node in list(edges):
        if node not in index:
            visit(node)
    return groups


def main():
    crates = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..", "crates")
    found = []
    for crate in sorted(os.listdir(crates)):
        src = os.path.join(crates, crate, "src")
        if os.path.isdir(src):
            found += [(crate, group) for group in circles(crate_edges(src))]
    for crate, group in found:
        print(f"{crate}: modules import each other in a circle: {' -> '.join(group)}", file=sys.stderr)
    if found:
        sys.exit(1)
    print("module circles: none")


if __name__ == "__main__":
    main()
