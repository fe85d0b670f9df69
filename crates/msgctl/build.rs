//! Hands this crate's source directory to the main crate's build script,
//! which reads the `export_aliases!` invocations in it (the shared
//! library's export list and the header's alias prototypes).

fn main() {
    println!("cargo::metadata=src={}/src", std::env::var("CARGO_MANIFEST_DIR").unwrap());
}
