//! The process's limit on open files, which bounds its connections.

/// Raises the soft limit on open files to the hard one and returns the limit
/// now in force. Each connection holds a file descriptor, and the usual soft
/// limit of 1,024 is fewer than a crowd's; the hard limit is what the system
/// allows this process, so servers commonly take it all.
pub fn raise_to_hard_limit() -> std::io::Result<u64> {
    // SAFETY: getrlimit and setrlimit only read and write the struct passed.
    unsafe {
        let mut limit = std::mem::zeroed::<libc::rlimit>();
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return Err(std::io::Error::last_os_error());
        }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max;
            if libc::setrlimit(libc::RLIMIT_NOFILE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
        }
        Ok(limit.rlim_cur)
    }
}
