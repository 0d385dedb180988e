/**
 * The codes the upstream sends to confirm a contact or an anonymous request (the profile's e-mail and phone, the
 * assistance request's e-mail): five digits. The field (`OneTimeCodeField`) and both forms' rules read it here.
 */
export const ONE_TIME_CODE_LENGTH = 5;
export const ONE_TIME_CODE_PATTERN = new RegExp(`^\\d{${ONE_TIME_CODE_LENGTH}}$`);
