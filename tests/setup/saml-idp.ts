// A SAML 2.0 identity provider for the tests (decision 090), built on samlify — the library @better-auth/sso itself
// uses on the SP side, here on the IdP's: it reads the app's AuthnRequest from the redirect the app answered, and
// makes the HTTP-POST response a real IdP would, signed with its key (tests/setup/saml-idp-keys.ts). Each fault makes
// the response a forger or a broken IdP would: tampered after signing, unsigned, signed with another key, for another
// audience, or expired. No listener is needed: the browser's two hops (to the entry point, back to the ACS) are the
// test's own requests.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { inflateRawSync } from 'node:zlib';
import { SAML_IDP_CERT, SAML_IDP_KEY, SAML_OTHER_CERT, SAML_OTHER_KEY } from './saml-idp-keys.ts';

// Required, not imported: samlify is CommonJS and exports SamlLib through a getter that Node's ESM loader cannot see
// (Playwright loads this file as ESM: `import * as` left SamlLib undefined there, while Vitest's interop found it).
const samlify = createRequire(import.meta.url)('samlify') as typeof import('samlify');

export type TSamlFault = 'tampered' | 'unsigned' | 'wrong-key' | 'wrong-audience' | 'expired' | null;

export interface TSamlPerson {
  /** The NameID: the account's key at the IdP. */
  nameId: string;
  email: string;
  givenName?: string;
  surname?: string;
}

/** What the browser posts to the ACS, and where. */
export interface TSamlPost {
  acsUrl: string;
  SAMLResponse: string;
  RelayState: string;
}

export interface TTestSamlIdp {
  entityId: string;
  /** The single sign-on URL the admin enters (the app redirects the browser there with the AuthnRequest). */
  entryPoint: string;
  certificate: string;
  /** Answers the AuthnRequest in `redirectUrl` for `person`, as the IdP would after its own sign-in. */
  respond(
    redirectUrl: string,
    spMetadata: string,
    person: TSamlPerson,
    fault?: TSamlFault,
  ): Promise<TSamlPost>;
}

const NAMEID_EMAIL = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const AUTHN_MARK = 'FORGEBOARD-AUTHN-STATEMENT';
const ATTRIBUTES_MARK = 'FORGEBOARD-ATTRIBUTE-STATEMENT';

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function attributeStatement(person: TSamlPerson): string {
  const attributes: [string, string | undefined][] = [
    ['email', person.email],
    ['givenName', person.givenName],
    ['surname', person.surname],
  ];
  const items = attributes
    .filter(([, value]) => value !== undefined)
    .map(
      ([name, value]) =>
        `<saml:Attribute Name="${name}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic"><saml:AttributeValue xsi:type="xs:string">${escapeXml(value!)}</saml:AttributeValue></saml:Attribute>`,
    )
    .join('');
  return `<saml:AttributeStatement>${items}</saml:AttributeStatement>`;
}

/** The AuthnRequest's ID and the RelayState of the SP's redirect (HTTP-Redirect binding: deflated, base64). */
function readRedirect(redirectUrl: string) {
  const url = new URL(redirectUrl);
  const request = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString();
  const id = /\sID="([^"]+)"/.exec(request)?.[1];
  const acsUrl = /AssertionConsumerServiceURL="([^"]+)"/.exec(request)?.[1];
  if (!id || !acsUrl) throw new Error(`No AuthnRequest ID or ACS URL in ${request}`);
  return {
    id,
    acsUrl: acsUrl.replaceAll('&amp;', '&'),
    relayState: url.searchParams.get('RelayState') ?? '',
  };
}

export function startTestSamlIdp(entityId = 'https://idp.saml-test.example/metadata'): TTestSamlIdp {
  const entryPoint = 'https://idp.saml-test.example/sso';
  const idpOf = (privateKey: string, signingCert: string) =>
    samlify.IdentityProvider({
      entityID: entityId,
      privateKey,
      signingCert,
      nameIDFormat: [NAMEID_EMAIL],
      singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: entryPoint }],
    });
  const idp = idpOf(SAML_IDP_KEY, SAML_IDP_CERT);
  const otherIdp = idpOf(SAML_OTHER_KEY, SAML_OTHER_CERT);

  return {
    entityId,
    entryPoint,
    certificate: SAML_IDP_CERT,
    async respond(redirectUrl, spMetadata, person, fault = null) {
      const { id: requestId, acsUrl, relayState } = readRedirect(redirectUrl);
      const sp = samlify.ServiceProvider({ metadata: spMetadata });
      const now = new Date();
      const minutes = (n: number) => new Date(now.getTime() + n * 60_000).toISOString();
      const notOnOrAfter = fault === 'expired' ? minutes(-10) : minutes(5);
      const values: Record<string, string> = {
        ID: `_${randomUUID()}`,
        AssertionID: `_${randomUUID()}`,
        Destination: acsUrl,
        Audience:
          fault === 'wrong-audience' ? 'https://another-app.example/saml' : sp.entityMeta.getEntityID(),
        SubjectRecipient: acsUrl,
        Issuer: entityId,
        IssueInstant: fault === 'expired' ? minutes(-20) : now.toISOString(),
        StatusCode: samlify.Constants.StatusCode.Success,
        ConditionsNotBefore: fault === 'expired' ? minutes(-20) : minutes(-1),
        ConditionsNotOnOrAfter: notOnOrAfter,
        SubjectConfirmationDataNotOnOrAfter: notOnOrAfter,
        NameIDFormat: NAMEID_EMAIL,
        NameID: escapeXml(person.nameId),
        InResponseTo: requestId,
        // Markers, replaced by the statements' XML below: replaceTagsByValue escapes every value it puts in (an
        // AttributeStatement passed to it arrived as text, and the app saw no attributes at all).
        AuthnStatement: AUTHN_MARK,
        AttributeStatement: ATTRIBUTES_MARK,
      };
      const xml = samlify.SamlLib.replaceTagsByValue(
        samlify.SamlLib.defaultLoginResponseTemplate.context,
        values,
      )
        .replace(
          AUTHN_MARK,
          `<saml:AuthnStatement AuthnInstant="${now.toISOString()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`,
        )
        .replace(ATTRIBUTES_MARK, attributeStatement(person));
      let SAMLResponse: string;
      if (fault === 'unsigned') {
        SAMLResponse = Buffer.from(xml).toString('base64');
      } else {
        const signer = fault === 'wrong-key' ? otherIdp : idp;
        const signed = await signer.createLoginResponse(
          sp,
          { extract: { request: { id: requestId } } },
          'post',
          { email: person.email },
          { relayState, customTagReplacement: () => ({ id: values.ID!, context: xml }) },
        );
        SAMLResponse = signed.context;
      }
      if (fault === 'tampered') {
        // Another person's address put in after the signature: the digest no longer matches.
        const text = Buffer.from(SAMLResponse, 'base64').toString();
        SAMLResponse = Buffer.from(text.replaceAll(escapeXml(person.email), 'mallory@evil.example')).toString(
          'base64',
        );
      }
      return { acsUrl, SAMLResponse, RelayState: relayState };
    },
  };
}
