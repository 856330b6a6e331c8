/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The notice of a sign-in from a device the account has not signed in from before (decision 0124):
 * which device, from where and when, and what to do if it was not them.
 */
import { ClinicPayLayout } from './clinicpay-layout.js';
import { ActionButton, Paragraph } from './layout.js';

export interface NewDeviceEmailProps {
  /** 'Firefox 133 on Windows'. */
  device: string;
  ipAddress: string;
  /** When, in words, in London time. */
  when: string;
  /** Settings → Security (absolute), where devices are signed out. */
  securityLink: string;
}

export function NewDeviceEmail({ device, ipAddress, when, securityLink }: NewDeviceEmailProps) {
  return (
    <ClinicPayLayout heading="New sign-in to your account" preview={`Signed in on ${device}, ${when}.`}>
      <Paragraph>
        Your ClinicPay account was signed in to on {device}, from the address {ipAddress}, on {when}.
      </Paragraph>
      <Paragraph>
        If this was you, there is nothing to do. If not, sign that device out and change your password now.
      </Paragraph>
      <ActionButton href={securityLink}>Review your devices</ActionButton>
    </ClinicPayLayout>
  );
}
