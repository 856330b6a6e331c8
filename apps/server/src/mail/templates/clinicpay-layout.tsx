/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The layout of the emails ClinicPay sends in its own name, not a clinic's: account emails (email
 * verification, password reset), the admin's invitation and notices, and the notices to a clinic about
 * its disputes and payouts. ClinicPay's name at the top, the heading, the message, and 'ClinicPay' at the
 * foot. Like layout.tsx (whose Paragraph, Detail, ActionButton and LinkText go inside it) it is all real
 * text, in colours that meet WCAG AA contrast on white, and the document says lang="en-GB".
 */
import { Text } from '@react-email/components';
import type { ReactNode } from 'react';
import { BRAND, EmailDocument, MUTED } from './layout.js';

export interface ClinicPayLayoutProps {
  /** The inbox preview line (hidden in the body and left out of the plain-text version). */
  preview: string;
  heading: string;
  children: ReactNode;
}

/** The whole email document around one ClinicPay email's content. */
export function ClinicPayLayout({ preview, heading, children }: ClinicPayLayoutProps) {
  return (
    <EmailDocument
      preview={preview}
      heading={heading}
      masthead={<Text style={{ color: BRAND, fontSize: 20, fontWeight: 700, margin: 0 }}>ClinicPay</Text>}
      footer={
        <Text style={{ color: MUTED, fontSize: 14, fontWeight: 700, lineHeight: '20px', margin: 0 }}>
          ClinicPay
        </Text>
      }
    >
      {children}
    </EmailDocument>
  );
}
