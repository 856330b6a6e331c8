/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The branded layout every notice email shares: the clinic's logo (when it has one) and name at the
 * top, the message, then the clinic's contact details and who sent it. Everything is real text (the
 * logo has alt text and is never the only place the name appears), colours meet WCAG AA contrast on
 * white, and the document says lang="en-GB". Values arrive as display strings; callers apply the
 * fallbacks (docs/product.md#constants) before rendering.
 *
 * The pragmas above keep the automatic JSX runtime wherever the file is run from: `tsx` started at the
 * repository root finds no tsconfig with a `jsx` setting and would otherwise emit React.createElement.
 */
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { ReactNode } from 'react';

// Tailwind slate-900, slate-600 and the web app's brand-700 teal: 17:1, 7.6:1 and 5.5:1 on white.
// Exported for clinicpay-layout.tsx, so both layouts keep the same contrast.
export const INK = '#0f172a';
export const MUTED = '#475569';
export const BRAND = '#0f766e';
export const FONT = '-apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

export interface LayoutClinic {
  /** The name to show, already defaulted by the caller. */
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  /** An absolute URL of the clinic's logo, or null to show the name alone. */
  logoUrl: string | null;
}

export interface EmailLayoutProps {
  clinic: LayoutClinic;
  /** The inbox preview line (hidden in the body and left out of the plain-text version). */
  preview: string;
  heading: string;
  children: ReactNode;
}

/**
 * The document every email shares: `masthead` above the heading, the content, then a rule and
 * `footer`. EmailLayout (a clinic's notices) and ClinicPayLayout (ClinicPay's own emails) fill it in.
 */
export function EmailDocument(props: {
  preview: string;
  heading: string;
  masthead: ReactNode;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <Html lang="en-GB" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light" />
        <title>{props.heading}</title>
      </Head>
      <Preview>{props.preview}</Preview>
      <Body
        style={{ backgroundColor: '#f1f5f9', color: INK, fontFamily: FONT, margin: 0, padding: '24px 0' }}
      >
        <Container style={{ backgroundColor: '#ffffff', borderRadius: 8, maxWidth: 560, padding: '32px' }}>
          <Section>{props.masthead}</Section>
          <Heading as="h1" style={{ color: INK, fontSize: 24, lineHeight: '32px', margin: '24px 0 16px' }}>
            {props.heading}
          </Heading>
          {props.children}
          <Hr style={{ borderColor: '#cbd5e1', margin: '32px 0 16px' }} />
          {props.footer}
        </Container>
      </Body>
    </Html>
  );
}

/** The whole email document around one notice's content. */
export function EmailLayout({ clinic, preview, heading, children }: EmailLayoutProps) {
  const contact = [clinic.address, clinic.email, clinic.phone].filter((line): line is string => !!line);
  const masthead = (
    <>
      {clinic.logoUrl ? (
        <Img src={clinic.logoUrl} alt={`${clinic.name} logo`} height={56} style={{ height: 56 }} />
      ) : null}
      <Text style={{ color: INK, fontSize: 18, fontWeight: 700, margin: '12px 0 0' }}>{clinic.name}</Text>
    </>
  );
  const footer = (
    <Section>
      <Text style={{ ...footerText, fontWeight: 700 }}>{clinic.name}</Text>
      {contact.map((line) => (
        <Text key={line} style={footerText}>
          {line}
        </Text>
      ))}
      <Text style={{ ...footerText, marginTop: 16 }}>Sent by ClinicPay on behalf of {clinic.name}.</Text>
    </Section>
  );
  return (
    <EmailDocument preview={preview} heading={heading} masthead={masthead} footer={footer}>
      {children}
    </EmailDocument>
  );
}

const footerText = { color: MUTED, fontSize: 14, lineHeight: '20px', margin: 0 };

/** A paragraph of body text; `keepLines` keeps the line breaks of text a user wrote (a policy's words). */
export function Paragraph({ children, keepLines }: { children: ReactNode; keepLines?: boolean }) {
  return (
    <Text
      style={{
        color: INK,
        fontSize: 16,
        lineHeight: '24px',
        margin: '0 0 16px',
        ...(keepLines ? { whiteSpace: 'pre-line' as const } : {}),
      }}
    >
      {children}
    </Text>
  );
}

/** One labelled fact ('Amount: £125.50'), which reads the same in the plain-text version. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text style={{ color: INK, fontSize: 16, lineHeight: '24px', margin: '0 0 8px' }}>
      <strong>{label}:</strong> {children}
    </Text>
  );
}

/** The one call to action: a large, high-contrast link styled as a button. */
export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '24px 0' }}>
      <Button
        href={href}
        style={{
          backgroundColor: BRAND,
          borderRadius: 6,
          color: '#ffffff',
          display: 'inline-block',
          fontSize: 18,
          fontWeight: 700,
          lineHeight: '24px',
          padding: '14px 28px',
          textDecoration: 'none',
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

/**
 * The web address in full under a button, for mail clients that drop button styling. Left out of the
 * plain-text version, where the button's own text is already followed by its address.
 */
export function LinkText({ href }: { href: string }) {
  return (
    <Text
      data-skip-in-text={true}
      style={{ color: MUTED, fontSize: 14, lineHeight: '20px', wordBreak: 'break-all' }}
    >
      If the button does not work, copy this address into your browser: {href}
    </Text>
  );
}
