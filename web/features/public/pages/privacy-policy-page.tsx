// /privacy-policy: what Forgeboard collects, why, for how long, who sees it and the rights people have.
import { Anchor, Code, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LegalList, LegalPage, MailLink, type TLegalSection } from '../components/legal-page.tsx';

const SECTIONS: readonly TLegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <>
        <Text>
          Forgeboard provides a web application that small manufacturers use to run their shop floor:
          inventory and labels, work orders, quality control, time and job cost, and preventive maintenance.
          In this policy "Forgeboard", "we" and "us" mean the operator of the Forgeboard service you signed up
          to.
        </Text>
        <Text>
          For account data (section 2.1) we decide why and how it is used, so we are its controller. For the
          company data your organisation enters (section 2.2) your organisation is the controller and we
          process it only on its behalf and on its instructions, as set out in the Terms of Service.
        </Text>
        <Text>
          Forgeboard can also be installed and run by a company on its own servers. On a self-hosted
          installation the company running it is the controller of all data in it, and this policy describes
          how the software behaves, not what that company does with the data.
        </Text>
      </>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'Data we collect',
    body: (
      <>
        <Title order={3} fz="md">
          2.1 Account data
        </Title>
        <LegalList
          items={[
            'Your first and last name, e-mail address and the name of your company, given at sign-up or by the administrator who invited you.',
            'Your password, stored only as a salted, one-way hash; nobody at Forgeboard can read it.',
            'Your role (user, admin or sysadmin), whether your account is active, your time zone and, if your administrator sets one, your burdened labor rate.',
            'When you accepted the Terms of Service and this Privacy Policy.',
            'Your chosen plan and subscription status.',
          ]}
        />
        <Title order={3} fz="md">
          2.2 Company data
        </Title>
        <Text>
          Everything your team records in Forgeboard: items and SKUs, locations, stock and its transaction
          history, lots, orders and work orders, inspection plans and quality results (including photos and
          videos you upload), time entries, jobs and costs, machines, maintenance plans and logs, and the
          audit trail that says who changed what and when.
        </Text>
        <Title order={3} fz="md">
          2.3 Security and technical data
        </Title>
        <Text>
          To keep accounts safe we record sign-in attempts (successful, failed and rate-limited), new
          sessions, the IP address and browser type they came from, and administrative actions. Our servers
          also keep ordinary request logs for troubleshooting.
        </Text>
        <Title order={3} fz="md">
          2.4 Usage analytics, only with your consent
        </Title>
        <Text>
          If, and only if, you accept analytics in the cookie banner, the application records first-party
          usage events: which pages are viewed, sign-ins, whether a scan succeeded and of which type, and how
          many labels were printed. These events are sent only to the Forgeboard server you are using, never
          to a third-party analytics or advertising service. If you decline, or make no choice, no analytics
          events are sent.
        </Text>
      </>
    ),
  },
  {
    id: 'how-we-use-data',
    title: 'How we use data and why we may',
    body: (
      <LegalList
        items={[
          'To provide the service you or your company signed up for: creating your account, signing you in, showing your company’s data to the people allowed to see it (performance of a contract).',
          'To send the e-mails the service needs: verification links, password resets, invitations and the maintenance reminders your administrator sets up (performance of a contract).',
          'To protect accounts and the service: rate limiting, detecting abuse, the security dashboard and audit trail (our legitimate interest in a secure service).',
          'To understand which features are used and improve them, from analytics events you agreed to (your consent, which you may withdraw at any time).',
          'To keep records the law requires, such as invoices (legal obligation).',
        ]}
      />
    ),
  },
  {
    id: 'cookies-and-storage',
    title: 'Cookies and browser storage',
    body: (
      <Text>
        We use one essential cookie, <Code>fb_session</Code>, to keep you signed in, and a few local storage
        entries that remember your cookie choice and make signing in faster. All are first-party: no third
        party sets cookies through Forgeboard. The{' '}
        <Anchor component={Link} to="/cookie-policy" underline="always">
          Cookie Policy
        </Anchor>{' '}
        lists each one and explains how to change your choice.
      </Text>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share data with',
    body: (
      <>
        <Text>
          We do not sell personal data and we do not use it for advertising. Within your company, what a
          person can see depends on their role, as set by your administrators.
        </Text>
        <Text>
          <strong>Subprocessors.</strong> By default Forgeboard uses no subprocessors: the application, its
          database and its mail delivery run on infrastructure under the operator’s control. If the operator
          of your installation connects an outside service, such as an e-mail (SMTP) provider or a hosting
          company, that provider processes the data it needs to perform that service, under a written
          agreement, and is listed on request.
        </Text>
        <Text>
          We disclose data to authorities only where the law obliges us to, and we tell the affected company
          unless the law forbids it.
        </Text>
      </>
    ),
  },
  {
    id: 'data-location',
    title: 'Where data is stored',
    body: (
      <Text>
        Data is stored in the database of the Forgeboard installation you use and does not leave it except for
        the e-mails the service sends. If data must be transferred to another country, we do so only with the
        safeguards the applicable law requires, such as standard contractual clauses.
      </Text>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep data',
    body: (
      <LegalList
        items={[
          'Account data: while your account exists. An administrator can deactivate a user; when a company closes its account, its users’ account data is deleted within 90 days.',
          'Company data: for as long as the company keeps its account. The company can export it at any time; after closure it is deleted within 90 days, and removed from backups within a further 35 days.',
          'Security records and the audit trail: 12 months, then deleted, unless needed longer to investigate an incident.',
          'Analytics events: 13 months, then deleted or aggregated so that no person can be identified.',
          'Invoices and billing records: as long as tax law requires, usually up to 10 years.',
          'Data in your browser: until it expires or you clear it, as described in the Cookie Policy.',
        ]}
      />
    ),
  },
  {
    id: 'security',
    title: 'How we protect data',
    body: (
      <LegalList
        items={[
          'All traffic to the hosted service is encrypted with HTTPS; the session cookie is signed, http-only and marked Secure so it travels only over HTTPS.',
          'Passwords are hashed with a slow, salted algorithm; sign-in attempts are rate limited and two-factor authentication is available.',
          'Each company’s data is separated in the database itself: every record carries its company and the database refuses access across companies.',
          'Access is limited by role, administrative changes are written to an audit trail, and sysadmins see a security dashboard of unusual sign-in activity.',
          'We keep software up to date, back up data regularly and test restoring it.',
        ]}
      />
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <Text>
          Depending on where you live, you may have the right to access the personal data we hold about you,
          to have it corrected or deleted, to receive it in a portable format, to restrict or object to its
          use, and to withdraw consent at any time without affecting what was done before. You may also
          complain to your data protection authority.
        </Text>
        <Text>
          For account data, write to <MailLink /> and we will answer within 30 days. For company data, contact
          your company’s Forgeboard administrator first: they control that data and can correct, export or
          delete it. We will help them do so.
        </Text>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <Text>
        Forgeboard is a business tool for company staff. It is not meant for anyone under 16 and we do not
        knowingly collect their data.
      </Text>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <Text>
        We will update the effective date above whenever we change this policy. If a change materially affects
        how we use personal data, we will tell account administrators by e-mail at least 30 days before it
        applies.
      </Text>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <Text>
        Questions, requests and complaints about privacy: <MailLink />. Please say which company account your
        request concerns.
      </Text>
    ),
  },
];

export default function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      summary="How Forgeboard collects, uses, keeps and protects personal data, and the choices you have."
      sections={SECTIONS}
    />
  );
}
