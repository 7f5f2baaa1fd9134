// /terms-of-service: the agreement between Forgeboard and the companies (and their users) that use it.
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LegalList, LegalPage, MailLink, type TLegalSection } from '../components/legal-page.tsx';

const SECTIONS: readonly TLegalSection[] = [
  {
    id: 'agreement',
    title: 'The agreement',
    body: (
      <>
        <Text>
          These terms govern the use of Forgeboard, a web application for running a manufacturer’s shop floor.
          The "customer" is the company that creates a Forgeboard account; "users" are the people the customer
          lets sign in. Whoever creates the account confirms that they may bind the customer to these terms.
        </Text>
        <Text>
          Forgeboard is a business service. Consumer protection rules that apply only to private individuals
          do not apply to it, except where the law says they cannot be excluded.
        </Text>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Accounts, users and roles',
    body: (
      <LegalList
        items={[
          'The person who signs the company up becomes its first administrator. Administrators add, invite, change the role of and deactivate users, and decide which areas of Forgeboard the company uses.',
          'Each user has one account, belonging to one company. Sign-in details are personal: do not share them, and tell an administrator and us at once if you believe an account has been misused.',
          'The customer is responsible for what its users do in Forgeboard, and for keeping the list of active users current.',
          'Information given at sign-up must be accurate. We may suspend accounts that were created with false information or that endanger the service.',
        ]}
      />
    ),
  },
  {
    id: 'plans-and-fees',
    title: 'Plans, the beta and fees',
    body: (
      <>
        <Text>
          Each plan sets how many users and SKUs a company may have and which features it includes; the
          current plans are on the{' '}
          <Anchor component={Link} to="/plans" underline="always">
            Plans page
          </Anchor>
          . Forgeboard stops new users or SKUs from being added beyond a plan’s limits; nothing already
          recorded is deleted.
        </Text>
        <LegalList
          items={[
            'Free: no charge, for as long as we offer the Free plan.',
            'Standard and Premium: billed monthly in advance, in US dollars, plus any applicable taxes. Fees already paid are not refunded for part of a month, unless the law requires it.',
            'Beta: the features of the Premium (Pro) plan free of charge for 12 months from sign-up. Beta features may change while we improve them. Before the beta ends we will remind administrators by e-mail; the company then chooses a plan. Nothing is charged without that choice.',
          ]}
        />
        <Text>
          We may change prices or plans with at least 30 days’ notice by e-mail to administrators. A price
          change applies from the next billing period after the notice ends.
        </Text>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <Text>Customers and users must not:</Text>
        <LegalList
          items={[
            'break the law, or store content in Forgeboard that infringes the rights of others;',
            'try to access another company’s data, probe or bypass security, or test vulnerabilities without our written permission;',
            'overload the service on purpose, for example with automated requests beyond normal use;',
            'resell or give access to Forgeboard to third parties other than as part of their own operations;',
            'copy, decompile or reverse-engineer the hosted service except where the law allows it.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'customer-data',
    title: 'Customer data',
    body: (
      <>
        <Text>
          The data the customer and its users put into Forgeboard (items, stock, orders, quality records, time
          entries, maintenance records, files) belongs to the customer. We use it only to provide and support
          the service, as described in the{' '}
          <Anchor component={Link} to="/privacy-policy" underline="always">
            Privacy Policy
          </Anchor>
          , and never sell it or use it for advertising.
        </Text>
        <Text>
          The customer may export its data at any time while its account is open, and for 30 days after it
          closes. After that we delete it as described in the Privacy Policy. Where we process personal data
          on the customer’s behalf, we do so only on its documented instructions and a data processing
          agreement is available on request.
        </Text>
      </>
    ),
  },
  {
    id: 'self-hosting',
    title: 'Self-hosted installations',
    body: (
      <Text>
        A customer that runs Forgeboard on its own servers is responsible for that infrastructure: hosting,
        backups, security updates of the operating system and database, mail delivery and the legal texts it
        shows its users. Sections on availability and data deletion by us do not apply to installations we do
        not operate.
      </Text>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and support',
    body: (
      <Text>
        We aim to keep the hosted service available at all times, apart from announced maintenance, which we
        schedule outside usual working hours where we can. We answer support questions sent by e-mail on
        working days. We may improve and change features; we will not remove a core function of a paid plan
        during a paid period without notice and a fair alternative.
      </Text>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual property and feedback',
    body: (
      <Text>
        Forgeboard, its software, design and documentation remain ours or our licensors’. These terms give the
        customer a non-exclusive, non-transferable right to use the service for its own operations while its
        account is open. If you send us ideas or feedback, we may use them freely, without obligation to you.
      </Text>
    ),
  },
  {
    id: 'confidentiality',
    title: 'Confidentiality',
    body: (
      <Text>
        Each party keeps the other’s non-public information confidential, uses it only for the purposes of
        this agreement and protects it at least as well as its own. This does not cover information that is
        public, was already known, was independently developed, or must be disclosed by law.
      </Text>
    ),
  },
  {
    id: 'warranties',
    title: 'Warranties and disclaimers',
    body: (
      <Text>
        We provide Forgeboard with reasonable skill and care. Apart from that, and to the extent the law
        allows, the service is provided "as is" without further warranties. Forgeboard supports decisions on
        the shop floor; it does not replace the customer’s own judgement on safety, quality and compliance,
        and results such as the percentages on our marketing pages are examples, not promises.
      </Text>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <>
        <Text>
          Neither party is liable for indirect or consequential loss, lost profit or lost production. Each
          party’s total liability under this agreement in any 12-month period is limited to the fees the
          customer paid in that period, or 100 US dollars if that is more.
        </Text>
        <Text>
          These limits do not apply to death or personal injury caused by negligence, to fraud, to breaches of
          confidentiality, or to anything else for which the law does not allow liability to be limited.
        </Text>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Term and termination',
    body: (
      <LegalList
        items={[
          'The agreement runs from sign-up until the account is closed.',
          'The customer may close its account at any time; a paid plan then ends at the end of the current billing month.',
          'We may end the agreement with 60 days’ notice, or at once if the customer seriously breaches these terms and does not fix the breach within 14 days of being told.',
          'After termination, the export window and deletion of section 5 apply. Sections that by their nature should survive termination (such as confidentiality and liability) do so.',
        ]}
      />
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <Text>
        We may change these terms. For material changes we tell administrators by e-mail at least 30 days
        before they apply; continuing to use Forgeboard after that date means the customer accepts them. A
        customer that does not accept may close its account before then.
      </Text>
    ),
  },
  {
    id: 'law',
    title: 'Governing law and disputes',
    body: (
      <Text>
        This agreement is governed by the law of the country where the Forgeboard operator has its registered
        office, and its courts have jurisdiction, unless the customer’s order states otherwise. Before going
        to court, both parties will try in good faith to settle a dispute by talking to each other for at
        least 30 days.
      </Text>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <Text>
        Notices and questions about these terms: <MailLink />.
      </Text>
    ),
  },
];

export default function TermsOfServicePage() {
  return (
    <LegalPage
      title="Terms of Service"
      summary="The terms on which companies and their users may use Forgeboard."
      sections={SECTIONS}
    />
  );
}
