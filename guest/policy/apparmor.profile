# AppArmor profiles for the guest, compiled on the host by apparmor_parser.
abi <abi/3.0>,

# Attached by path to /opt/aa/readfile: may read /tmp/aa-allowed only.
profile aa-readfile /opt/aa/readfile {
  /opt/aa/readfile mr,
  /tmp/aa-allowed r,
}

# Shared with TOMOYO: both deny /tmp/both-secret to /opt/both/readfile.
profile both-readfile /opt/both/readfile {
  /opt/both/readfile mr,
  /tmp/both-allowed r,
}

# In complain mode: logs what it would deny as ALLOWED (guest/tests/learning).
profile learn-readfile /opt/learn/readfile flags=(complain) {
  /opt/learn/readfile mr,
  /tmp/learn-allowed r,
}

# Named by its path, as distributions name most profiles, so that its
# label holds '/': attached to /opt/aa/attr/attrio.
/opt/aa/attr/attrio {
  /opt/aa/attr/attrio mr,
  /proc/** rw,
  /tmp/** rw,
}

# Entered by a formatted write to /proc/self/attr/current.
profile aa-attr {
  /proc/** rw,
  /tmp/** rw,
}

# Attached to nothing: guest/tests/storm removes and re-adds it while the
# other profiles decide.
profile storm-junk {
  /tmp/storm/** r,
}

# Entered through libapparmor (aa_change_profile, aa_change_onexec,
# aa_change_hat) by guest/tests/user_space; confines nothing else.
profile aa-user {
  file,
  ^sub {
    file,
  }
}

# Attached to /opt/aa/bench (guest/tests/bench, bench_deny=apparmor): the
# benchmark runs there, and its open of /opt/deny/file is denied.
profile aa-bench /opt/aa/bench {
  /opt/aa/bench mr,
  /dev/** rw,
  /tmp/** rw,
}

# Attached to /opt/aa/mmapexec (guest/tests/ima): may read /tmp/ima-* but
# not map it executable (no "m"), so AppArmor denies the mapping.
profile aa-mmap /opt/aa/mmapexec {
  /opt/aa/mmapexec mr,
  /tmp/ima-* r,
}
