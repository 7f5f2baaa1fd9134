// Posts the SAML sign-in's form at once (server/modules/sso/saml-browser-binding.ts): a file of our origin, since the
// content security policy runs no inline script.
document.forms[0]?.submit();
