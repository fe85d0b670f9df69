//! The committed C header must be exactly what cbindgen generates from the
//! FFI layer now (regenerate with `DASKR_WRITE_HEADER=1 cargo build`).

#[test]
fn committed_header_is_current() {
    let generated = include_str!(concat!(env!("OUT_DIR"), "/daskr.h"));
    let committed = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/include/daskr.h"))
        .expect("include/daskr.h is committed");
    assert!(
        generated == committed,
        "include/daskr.h is stale: run `DASKR_WRITE_HEADER=1 cargo build` and commit the result"
    );
}

#[test]
fn header_declares_every_exported_routine() {
    let h = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/include/daskr.h"));
    for name in
        ["ddaskr_", "ddaskr", "DDASKR", "xsetf_", "xsetun_", "daskr_res_fn", "daskr_rt_fn", "daskr_jac_direct_fn"]
    {
        assert!(h.contains(&format!("{name}(")) || h.contains(&format!("(*{name})")), "{name} missing");
    }
}
