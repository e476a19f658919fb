// Account passwords are scrypt hashes (`scrypt$N$r$p$salt$key`, NFKC-normalised input; N=2^15,
// r=8: 32 MiB per hash). There is one implementation, in lib/ (the PIN for copying and scanning
// uses it too, and the PIN page checks the account password with it): a change to the format
// there changes both at once.
export {
  dummyScryptHash as dummyPasswordHash,
  scryptHash as hashPassword,
  scryptVerify as verifyPassword,
} from '../../lib/scrypt-hash';
