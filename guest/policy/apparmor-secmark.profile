# AppArmor profile that harness/apparmor-secmark.sh gives a secmark rule.
abi <abi/3.0>,

profile aa-secmark /opt/aa/secmark {
  /opt/aa/secmark mr,
}
