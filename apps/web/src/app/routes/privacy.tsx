import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PRIVACY_NOTICE_VERSION, PRODUCT_NAME } from '@ops/shared/constants';
import { ACCOUNTING_RETENTION_YEARS, LOG_RETENTION_DAYS, PRIVACY_CONTACT_EMAIL } from '@ops/shared/privacy';

/*
 * The privacy notice the Kenya Data Protection Act 2019 asks for (section 29): what we collect,
 * why and on what lawful basis, for how long, who else sees it, the person's rights and whom to
 * write to. Everything it promises is what the product does: see
 * docs/decisions/011-personal-data-export-and-account-deletion.md before changing either.
 * A changed notice gets a new PRIVACY_NOTICE_VERSION (its date), which sign-up records.
 */

const versionDate = new Date(`${PRIVACY_NOTICE_VERSION}T00:00:00Z`).toLocaleDateString('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border bg-card p-4">
      <dt className="font-medium">{term}</dt>
      <dd className="mt-1 text-sm text-muted-foreground">{children}</dd>
    </div>
  );
}

const mail = (
  <a href={`mailto:${PRIVACY_CONTACT_EMAIL}`} className="font-medium text-primary underline underline-offset-4 hover:no-underline">
    {PRIVACY_CONTACT_EMAIL}
  </a>
);

const profileLink = (
  <Link to="/profile" className="font-medium text-primary underline underline-offset-4 hover:no-underline">
    Profile Settings
  </Link>
);

export function PrivacyPage() {
  return (
    <article className="mx-auto grid max-w-3xl gap-8 px-4 py-8 text-base leading-relaxed sm:px-6 sm:py-12">
      <header className="space-y-3">
        <h1 className="text-3xl font-bold tracking-tight">Privacy Notice</h1>
        <p className="text-sm text-muted-foreground">
          Version of <time dateTime={PRIVACY_NOTICE_VERSION}>{versionDate}</time>
        </p>
        <p>
          {PRODUCT_NAME} connects clients in Kenya with vetted private security guards, takes payment for bookings, and runs a training academy. To do that
          we hold personal data about you. This notice says what we hold, why, for how long, who else sees it and what your rights are under the Kenya Data
          Protection Act, 2019. {PRODUCT_NAME} is the data controller; write to our data protection contact at {mail} about anything here.
        </p>
      </header>

      <Section id="collect" title="What we collect">
        <dl className="grid gap-3">
          <Item term="Your account">
            Full name, e-mail address, phone number (if you give one), whether you are a client or a guard, your company’s name for a company account, and
            when you agreed to this notice. Your password is stored only as a one-way hash; nobody at {PRODUCT_NAME} can read it.
          </Item>
          <Item term="Your profile">Profile photo, and the changes you make to your details.</Item>
          <Item term="Guard profile and credentials">
            For guards: bio, specialization, years of experience, skills, rates, availability and approval status; the documents you upload for vetting
            (CV, police clearance certificate, PSRA licence, training certificates); and the office’s onboarding checks (documents verified, contract
            signed, fit for duty).
          </Item>
          <Item term="Bookings">
            The service, dates and times, area and address, notes, dress code, number of guards, price and status of each booking, the guard assigned to
            it, and the reviews clients write after a completed booking.
          </Item>
          <Item term="Payments">
            Amount, method (M-Pesa or card), the M-Pesa phone number, status, dates and the payment provider’s references. Card numbers are typed on
            IntaSend’s payment page and never reach us.
          </Item>
          <Item term="Messages">
            The notifications in the app, the e-mails we send you (account confirmation, password reset, booking confirmation with a calendar invite,
            refunds) and the text messages about your bookings, and what you write to us by e-mail or WhatsApp. There is no chat between clients and guards
            in the app.
          </Item>
          <Item term="Training academy">Enrolments, attendance, submitted assessments, grades and certificates, if you take a course.</Item>
          <Item term="Logs and security records">
            Each request to our server is logged with its time, your device’s internet (IP) address, the page or function asked for, the result, and your
            account number when you are signed in. We also keep your signed-in sessions (IP address and browser), counts of sign-in attempts, and a record
            whenever our staff open your personal data, and whenever you download or delete your data. Cookies are used only to keep you signed in; we use
            no advertising or tracking cookies.
          </Item>
        </dl>
      </Section>

      <Section id="why" title="Why we use it, and on what lawful basis">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <strong>To run your account and your bookings</strong>: show guards to clients, take and confirm bookings, collect payment, refund when owed,
            and tell you what happened. Lawful basis: performing our contract with you (section 30(1)(b)(i) of the Act).
          </li>
          <li>
            <strong>To vet guards</strong> before clients can book them, as the Private Security Regulation Act, 2016 requires. Lawful basis: complying
            with a legal obligation, and our contract with the guard.
          </li>
          <li>
            <strong>To keep accounting records</strong> of payments and bookings. Lawful basis: complying with a legal obligation (Kenyan tax and company
            law).
          </li>
          <li>
            <strong>To keep the service and your account safe</strong>: request logs, limits on sign-in attempts, and the record of staff access. Lawful
            basis: our legitimate interest in preventing fraud and misuse, which does not override your rights.
          </li>
          <li>
            <strong>To run the training academy</strong> and issue certificates that employers can verify. Lawful basis: our contract with you.
          </li>
        </ul>
        <p>We do not sell your data, use it for advertising, or make decisions about you by automated means alone.</p>
      </Section>

      <Section id="how-long" title="How long we keep it">
        <dl className="grid gap-3">
          <Item term="Account, profile, guard profile and documents, notifications">Until you delete your account. Deleting it removes them at once.</Item>
          <Item term="Bookings and payments">
            While your account exists. When you delete it, your name, e-mail, phone number, the addresses and notes of your bookings and the paying phone
            number are removed at once; the amounts, dates, statuses and references stay, under the name “Deleted user”, for {ACCOUNTING_RETENTION_YEARS}{' '}
            years, which covers the five years the Tax Procedures Act, 2015 requires accounting records to be kept.
          </Item>
          <Item term="Reviews you wrote">They stay on the guard’s page under the name “Deleted user”.</Item>
          <Item term="Training records and certificates">
            Kept after you delete your account, because certificates must stay verifiable and the regulator may ask for training records; your phone number
            and notes are removed.
          </Item>
          <Item term="Signed-in sessions">Until you sign out, after 7 days without use, or at once when you delete your account.</Item>
          <Item term="Request logs">{LOG_RETENTION_DAYS} days, then deleted.</Item>
          <Item term="Record of staff access, downloads and deletions">
            Kept as a lasting record. It holds the kind of record and its number, the time and the address it was done from, never a copy of your data.
          </Item>
        </dl>
      </Section>

      <Section id="sharing" title="Who else sees it">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <strong>IntaSend</strong>, our payment provider: the amount, the booking reference, and your name, e-mail and M-Pesa number to take the
            payment.
          </li>
          <li>
            <strong>Africa’s Talking</strong>, which sends our text messages: your phone number and the message.
          </li>
          <li>
            <strong>Our e-mail provider</strong>, which delivers our e-mails: your e-mail address and the message.
          </li>
          <li>
            <strong>The other side of a booking</strong>: clients see a guard’s public profile (name, photo, specialization, experience, rates, bio, skills
            and reviews); a guard sees the client’s name (or company name) and the booking’s place and time. Neither sees the other’s phone number or
            e-mail address.
          </li>
          <li>
            <strong>Authorities</strong>, when the law requires it: for example the Private Security Regulatory Authority about guards, or the Kenya
            Revenue Authority about payments.
          </li>
          <li>
            <strong>Our hosting provider</strong>, which runs our servers and stores the data on our behalf.
          </li>
        </ul>
        <p>
          Each provider may use the data only to do this work for us. If one of them processes data outside Kenya, it is only as Part VI of the Act allows.
          The WhatsApp button opens WhatsApp, which handles what you send there under its own terms.
        </p>
      </Section>

      <Section id="rights" title="Your rights">
        <p>Under section 26 of the Act you have the right:</p>
        <ul className="list-disc space-y-2 pl-5">
          <li>to be told how your data is used (this notice);</li>
          <li>
            to <strong>access</strong> it: download all of it as a file from {profileLink};
          </li>
          <li>
            to have it <strong>corrected</strong>: change your details in {profileLink}, or write to us;
          </li>
          <li>
            to have it <strong>deleted</strong>: delete your account from {profileLink}. While a confirmed booking of yours (as client or as guard) has not
            ended, or a payment is being processed, deletion waits until it is completed or cancelled; what the law makes us keep is kept as described
            above;
          </li>
          <li>
            to <strong>object</strong> to our use of it, and to take it elsewhere (the download is a machine-readable file).
          </li>
        </ul>
        <p>
          Write to {mail} to use any of these rights, or if you are unhappy with how we handle your data. You may also complain to the{' '}
          <a
            href="https://www.odpc.go.ke"
            rel="noopener noreferrer"
            target="_blank"
            className="font-medium text-primary underline underline-offset-4 hover:no-underline"
          >
            Office of the Data Protection Commissioner
          </a>
          .
        </p>
      </Section>

      <Section id="contact" title="Contact and changes">
        <p>Data protection contact: {mail}. When this notice changes it gets a new version date, shown at the top of this page.</p>
      </Section>
    </article>
  );
}
