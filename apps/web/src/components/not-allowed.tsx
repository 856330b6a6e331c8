/**
 * What a member sees on a page their role does not open (decision 0121): the page's name, who it is
 * for, and the way back. The server refuses the page's data anyway.
 */
import type { Permission } from '@clinicpay/shared';
import { Link } from 'react-router';
import { PageFrame } from '@/components/layout/page-frame';
import { Alert } from '@/components/ui/alert';
import { useDocumentTitle } from '@/lib/use-document-title';

const WHO: Record<Permission, string> = {
  collect: "the clinic's team",
  money: "the clinic's owner and managers",
  manage: "the clinic's owner",
};

/** The notice in place of a page titled `title` that needs `permission`. */
export function NotAllowed({ title, permission }: { title: string; permission: Permission }) {
  useDocumentTitle(title);
  return (
    <PageFrame title={title}>
      <Alert tone="info">
        This page is for {WHO[permission]}. Ask the owner if you need it.{' '}
        <Link to="/dashboard" className="font-medium underline">
          Back to the dashboard
        </Link>
      </Alert>
    </PageFrame>
  );
}
