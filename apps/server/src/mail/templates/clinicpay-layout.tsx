/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The layout of the emails ClinicPay sends in its own name, not a clinic's: account emails (email
 * verification, password reset), the admin's invitation and notices, and the notices to a clinic about
 * its disputes and payouts. ClinicPay's name at the top, the heading, the message, and 'ClinicPay' at the
 * foot. Like layout.tsx (whose Paragraph, Detail, ActionButton and LinkText go inside it) it is all real
 * text, in colours that meet WCAG AA contrast on white, and the document says lang="en-GB".
 */
import { Body, Container, Head, Heading, Hr, Html, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import { BRAND, FONT, INK, MUTED } from './layout.js';

export interface ClinicPayLayoutProps {
  /** The inbox preview line (hidden in the body and left out of the plain-text version). */
  preview: string;
  heading: string;
  children: ReactNode;
}

/** The whole email document around one ClinicPay email's content. */
export function ClinicPayLayout({ preview, heading, children }: ClinicPayLayoutProps) {
  return (
    <Html lang="en-GB" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light" />
        <title>{heading}</title>
      </Head>
      <Preview>{preview}</Preview>
      <Body
        style={{ backgroundColor: '#f1f5f9', color: INK, fontFamily: FONT, margin: 0, padding: '24px 0' }}
      >
        <Container style={{ backgroundColor: '#ffffff', borderRadius: 8, maxWidth: 560, padding: '32px' }}>
          <Section>
            <Text style={{ color: BRAND, fontSize: 20, fontWeight: 700, margin: 0 }}>ClinicPay</Text>
          </Section>
          <Heading as="h1" style={{ color: INK, fontSize: 24, lineHeight: '32px', margin: '24px 0 16px' }}>
            {heading}
          </Heading>
          {children}
          <Hr style={{ borderColor: '#cbd5e1', margin: '32px 0 16px' }} />
          <Text style={{ color: MUTED, fontSize: 14, fontWeight: 700, lineHeight: '20px', margin: 0 }}>
            ClinicPay
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
