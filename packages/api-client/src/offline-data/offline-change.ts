/** The code of a change refused because the page is offline (nothing was sent). */
export const OFFLINE_CHANGE_CODE = 'ERR_OFFLINE';
/** What the user reads when a change is refused offline. */
export const OFFLINE_CHANGE_MESSAGE =
  'You are offline, so this was not saved. Nothing you entered is lost: save again when you are back online.';
