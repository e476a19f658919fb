// The users module's public surface: what other modules may use of it. Other modules import
// from here (or from its *.service.ts files), never from users.repo.ts or users.presenter.ts.
export {
  findUserByEmail,
  findUserByFacebookId,
  findUserById,
  findUserByReferralCode,
  insertUser,
  lockUserById,
  updateUser,
} from './users.repo';
export { presentAjaxUser, presentMe } from './users.presenter';
export { accountRole, isAccount } from './account-role';
// PIN and ID for copying and scanning (issue 16): the printer panel's check (agents), tests.
export { setPin, verifyDevicePin } from './pin.service';
