// Text put into HTML the server writes itself (the mails' bodies, the SAML sign-in's page): the five characters that
// could end an attribute or start markup, as entities.
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
