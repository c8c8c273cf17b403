fn main() -> std::process::ExitCode {
    cb_server::cli::main()
}
