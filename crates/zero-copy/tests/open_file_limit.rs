//! The open-file limit the server raises at start, in a process of its own: the test lowers the
//! soft limit first (as a shell's `ulimit -Sn 1024` would), which no other test may see.
use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};

#[test]
fn a_lowered_soft_limit_is_raised_to_the_hard_limit() {
    let Some(hard) = getrlimit(Resource::Nofile).maximum else {
        // Unlimited: nothing to raise to, and nothing is changed.
        let before = getrlimit(Resource::Nofile).current;
        assert_eq!(cb_zero_copy::raise_open_file_limit(), before);
        return;
    };
    let lowered = hard.min(1024) / 2;
    setrlimit(
        Resource::Nofile,
        Rlimit {
            current: Some(lowered),
            maximum: Some(hard),
        },
    )
    .expect("lower the soft limit");
    assert_eq!(getrlimit(Resource::Nofile).current, Some(lowered));
    assert_eq!(cb_zero_copy::raise_open_file_limit(), Some(hard));
    assert_eq!(getrlimit(Resource::Nofile).current, Some(hard));
}
