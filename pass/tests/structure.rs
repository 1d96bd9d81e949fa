//! The shape of `pass/src` (issue 15): its top-level modules import each other without a
//! cycle, and only the entry points (`ffi`, the C ABI; `pipeline`, the Rust API) reach `ffi`.
//! Read from the sources as text: every `crate::<module>` path and `use crate::{…}` item outside
//! comments.

use std::{
    collections::{BTreeMap, BTreeSet},
    path::Path,
};

/// The top-level modules of `pass/src`: `name.rs` or `name/`.
fn modules(source: &Path) -> Vec<String> {
    let mut found: Vec<String> = std::fs::read_dir(source)
        .expect("pass/src")
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            let name = path.file_stem()?.to_str()?.to_string();
            (path.is_dir() || path.extension()? == "rs").then_some(name)
        })
        .filter(|name| name != "lib")
        .collect();
    found.sort();
    found.dedup();
    found
}

/// Every `.rs` file of module `name`.
fn files(source: &Path, name: &str) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    let single = source.join(format!("{name}.rs"));
    if single.exists() {
        found.push(single);
    }
    let mut pending = vec![source.join(name)];
    while let Some(directory) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&directory) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|extension| extension == "rs") {
                found.push(path);
            }
        }
    }
    found
}

/// The top-level modules a source text names through `crate::`, comments left out.
fn imports(text: &str, modules: &[String]) -> BTreeSet<String> {
    let code: String = text
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut found = BTreeSet::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // `use crate::{a::b, c, d::{e, f}}`: the names at depth 0.
            let mut depth = 0;
            let mut name = String::new();
            let mut at_start = true;
            for character in group.chars() {
                match character {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        if !name.is_empty() {
                            found.insert(std::mem::take(&mut name));
                        }
                        at_start = true;
                    }
                    character if at_start && depth == 0 => {
                        if character.is_alphanumeric() || character == '_' {
                            name.push(character);
                        } else if !name.is_empty() {
                            found.insert(std::mem::take(&mut name));
                            at_start = false;
                        }
                    }
                    _ => {}
                }
            }
            if !name.is_empty() {
                found.insert(name);
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|character| character.is_alphanumeric() || *character == '_')
                .collect();
            found.insert(name);
        }
    }
    found.retain(|name| modules.contains(name));
    found
}

#[test]
fn top_level_modules_import_without_a_cycle() {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let modules = modules(&source);
    let graph: BTreeMap<String, BTreeSet<String>> = modules
        .iter()
        .map(|module| {
            let mut uses = BTreeSet::new();
            for file in files(&source, module) {
                uses.extend(imports(&std::fs::read_to_string(file).unwrap(), &modules));
            }
            uses.remove(module);
            (module.clone(), uses)
        })
        .collect();
    assert!(
        graph.contains_key("ffi") && graph.contains_key("driver"),
        "{graph:?}"
    );
    for module in &modules {
        // Depth-first from `module`: reaching it again is a cycle.
        let mut seen = BTreeSet::new();
        let mut pending: Vec<&String> = graph[module].iter().collect();
        while let Some(next) = pending.pop() {
            assert_ne!(next, module, "an import cycle through {module}: {graph:?}");
            if seen.insert(next) {
                pending.extend(graph[next].iter());
            }
        }
    }
    let into_ffi: Vec<&String> = graph
        .iter()
        .filter(|(module, uses)| uses.contains("ffi") && module.as_str() != "pipeline")
        .map(|(module, _)| module)
        .collect();
    assert!(
        into_ffi.is_empty(),
        "only the entry points reach ffi: {into_ffi:?}"
    );
}

#[test]
fn imports_are_read_from_code_not_comments() {
    let modules: Vec<String> = ["ffi", "ir", "steps"].map(String::from).to_vec();
    let text = "//! see crate::ffi\nuse crate::{ir, steps::{a, b}};\nfn f() { crate::ir::x(); }\n";
    let found: Vec<String> = imports(text, &modules).into_iter().collect();
    assert_eq!(found, ["ir", "steps"]);
}
