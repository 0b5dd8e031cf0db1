//! Rebuilds the crate when a catalogue changes or is added: the
//! catalogues are read into the binary at compile time (`static_loader!`),
//! which cargo does not see on its own.

fn main() {
    println!("cargo:rerun-if-changed=locales");
}
