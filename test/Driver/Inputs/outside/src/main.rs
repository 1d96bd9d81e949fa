use gpu_mem_opt::{pipeline, Options};
fn main() {
    let context = pipeline::context();
    let diagnostics = pipeline::Diagnostics::capture(&context);
    let path = std::env::args().nth(1).expect("a file");
    let mut module = pipeline::parse_file(&context, &diagnostics, std::path::Path::new(&path)).unwrap();
    let report = pipeline::optimize(&mut module, &Options::default()).unwrap();
    let applied = report.kernels.iter().flat_map(|kernel| &kernel.decisions).filter(|decision| decision.applied).count();
    println!("{} kernels, {applied} decisions applied", report.kernels.len());
}
