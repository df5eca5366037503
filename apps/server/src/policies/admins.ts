/**
 * Who holds the admin scope. Admin is proven only by the operator: the admin command run on the
 * server stores it on the account (`admin_since`). ADMIN_EMAILS, when set, is an allow-list on top:
 * an account whose e-mail it does not name is no admin whatever is stored, so removing an address
 * from the config demotes it at its next sign-in or refresh. An e-mail alone never makes an admin:
 * anyone may register any address, and nothing proves they own it.
 */

/** Whether the allow-list admits this e-mail: an empty list admits every one (compared without case). */
export function adminEmailAllowed(allowList: readonly string[], email: string | null): boolean {
  if (allowList.length === 0) return true;
  if (!email) return false;
  const wanted = email.trim().toLowerCase();
  return allowList.some((allowed) => allowed.trim().toLowerCase() === wanted);
}

/** Whether an account's tokens carry the admin scope. */
export function holdsAdmin(
  account: { email: string | null; admin_since: string | null },
  allowList: readonly string[],
): boolean {
  return account.admin_since !== null && adminEmailAllowed(allowList, account.email);
}
