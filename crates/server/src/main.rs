fn main() -> std::process::ExitCode {
    cb_allocator::configure();
    cb_server::cli::main()
}

#[global_allocator]
static GLOBAL: cb_allocator::MiMalloc = cb_allocator::MiMalloc;
