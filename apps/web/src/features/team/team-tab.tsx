/**
 * Settings → Team, the owner's (decision 0121): the members with their roles, the invitations still
 * open, and the form that invites someone by email as Manager or Reception. A member's role is changed
 * in place; removing, signing out everywhere and handing ownership on each ask first.
 */
import {
  CLINIC_ROLE_LABELS,
  INVITABLE_ROLES,
  type InvitableRole,
  type TeamInvitationRequest,
  type TeamMember,
  teamInvitationRequestSchema,
} from '@clinicpay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { showServerFieldErrors, useFormErrors } from '@/lib/form-errors';
import {
  useChangeRole,
  useInviteMember,
  useRemoveMember,
  useRequireTwoFactor,
  useRevokeInvitation,
  useSignOutMember,
  useTeam,
  useTransferOwnership,
} from './api/team';

const EMPTY: TeamInvitationRequest = { email: '', role: 'reception' };
const FAILED = 'Something went wrong. Please try again.';

const errorText = (error: unknown) => (error instanceof ApiError && error.answered ? error.message : FAILED);

/** The invite form: email and role. */
function InviteForm() {
  const invite = useInviteMember();
  const form = useForm<TeamInvitationRequest>({
    resolver: zodResolver(teamInvitationRequestSchema),
    defaultValues: EMPTY,
    shouldFocusError: false,
  });
  const errors = useFormErrors(form, ['email', 'role'], { formId: 'invite-member', idPrefix: 'invite-' });
  const onSubmit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: (result) => {
        toast.success(`${result.message} to ${values.email.trim()}`);
        form.reset(EMPTY);
      },
      onError: (error) => {
        if (error instanceof ApiError && (error.code === 'EMAIL_TAKEN' || error.code === 'ALREADY_MEMBER')) {
          form.setError('email', { message: error.message });
          errors.focusFirstInvalid();
        } else if (!showServerFieldErrors(form, error, errors)) toast.error(errorText(error));
      },
    }),
  );
  return (
    <Form errors={errors} onSubmit={onSubmit} className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <FormField name="email" label="Email" className="flex-1">
        <Input type="email" autoComplete="off" {...form.register('email')} />
      </FormField>
      <FormField name="role" label="Role">
        <NativeSelect {...form.register('role')}>
          {INVITABLE_ROLES.map((role) => (
            <option key={role} value={role}>
              {CLINIC_ROLE_LABELS[role]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <Button type="submit" className="sm:mt-6" disabled={invite.isPending}>
        {invite.isPending ? 'Sending...' : 'Send invitation'}
      </Button>
    </Form>
  );
}

type Pending = { kind: 'remove' | 'sign-out' | 'transfer'; member: TeamMember } | null;

const QUESTIONS = {
  remove: {
    title: (name: string) => `Remove ${name} from the team?`,
    description: 'They are signed out at once and can no longer open the clinic. You can invite them again.',
    confirm: 'Remove',
    pending: 'Removing...',
  },
  'sign-out': {
    title: (name: string) => `Sign ${name} out everywhere?`,
    description:
      'Every device they are signed in on is signed out. They can sign in again with their password.',
    confirm: 'Sign out everywhere',
    pending: 'Signing out...',
  },
  transfer: {
    title: (name: string) => `Make ${name} the owner?`,
    description:
      'They take over the settings, payouts, card provider and team. You become a manager. Only the new owner can undo this.',
    confirm: 'Transfer ownership',
    pending: 'Transferring...',
  },
} as const;

/** One member's row: name, email, role (a select for everyone but the owner) and actions. */
function MemberRow({ member, onAsk }: { member: TeamMember; onAsk: (pending: Pending) => void }) {
  const changeRole = useChangeRole();
  const name = member.name || member.email;
  return (
    <li className="flex flex-col gap-3 border-b border-slate-200 py-4 last:border-0 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">
          {name}
          {member.you ? <span className="text-slate-500"> (you)</span> : null}
        </p>
        <p className="text-sm break-words text-slate-600">{member.email}</p>
        <p className="text-sm text-slate-600">
          {member.twoFactorEnabled ? 'Two-factor sign-in on' : 'Two-factor sign-in off'}
        </p>
      </div>
      {member.role === 'owner' ? (
        <p className="text-sm font-medium">Owner</p>
      ) : (
        <>
          <label className="sr-only" htmlFor={`role-${member.userId}`}>
            Role of {name}
          </label>
          <NativeSelect
            id={`role-${member.userId}`}
            className="sm:w-40"
            value={member.role}
            disabled={changeRole.isPending}
            onChange={(event) =>
              changeRole.mutate(
                { userId: member.userId, role: event.target.value as InvitableRole },
                {
                  onSuccess: (result) => toast.success(`${result.message}: ${name}`),
                  onError: (error) => toast.error(errorText(error)),
                },
              )
            }
          >
            {INVITABLE_ROLES.map((role) => (
              <option key={role} value={role}>
                {CLINIC_ROLE_LABELS[role]}
              </option>
            ))}
          </NativeSelect>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              aria-label={`Sign out everywhere: ${name}`}
              onClick={() => onAsk({ kind: 'sign-out', member })}
            >
              Sign out everywhere
            </Button>
            <Button
              variant="outline"
              size="sm"
              aria-label={`Make owner: ${name}`}
              onClick={() => onAsk({ kind: 'transfer', member })}
            >
              Make owner
            </Button>
            <Button
              variant="outline"
              size="sm"
              aria-label={`Remove: ${name}`}
              onClick={() => onAsk({ kind: 'remove', member })}
            >
              Remove
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

/** The owner's switch: two-factor sign-in for everyone, or for those who choose it. */
function RequireTwoFactor({ required }: { required: boolean }) {
  const change = useRequireTwoFactor();
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <Label htmlFor="require-two-factor">Require two-factor sign-in</Label>
        <p id="require-two-factor-hint" className="text-sm text-slate-600">
          Everyone in the team must sign in with a code from an app on their phone. Those who have not set it
          up are asked to at once. Turn it on for yourself first, under Security.
        </p>
      </div>
      <Switch
        id="require-two-factor"
        aria-describedby="require-two-factor-hint"
        checked={required}
        disabled={change.isPending}
        onCheckedChange={(next) =>
          change.mutate(next, {
            onSuccess: (result) => toast.success(result.message),
            onError: (error) => toast.error(errorText(error)),
          })
        }
      />
    </div>
  );
}

/** The tab: members, open invitations and the invite form. */
export function TeamTab() {
  const team = useTeam();
  const revoke = useRevokeInvitation();
  const remove = useRemoveMember();
  const signOut = useSignOutMember();
  const transfer = useTransferOwnership();
  const [pending, setPending] = useState<Pending>(null);
  const action = pending ? { remove, 'sign-out': signOut, transfer }[pending.kind] : null;
  const question = pending ? QUESTIONS[pending.kind] : null;

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Invite someone</CardTitle>
          <CardDescription>
            Reception can create links, send requests and see payments and patients. A manager can also
            refund, charge saved cards, answer disputes and export reports. Only you, the owner, change
            settings, payouts and the team. The invitation link works once, for 7 days.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <InviteForm />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Team</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {team.data ? <RequireTwoFactor required={team.data.requireTwoFactor} /> : null}
          {team.isPending ? <Spinner label="Loading team..." /> : null}
          {team.isError ? <Alert tone="error">{errorText(team.error)}</Alert> : null}
          {team.data ? (
            <ul aria-label="Team members">
              {team.data.members.map((member) => (
                <MemberRow key={member.userId} member={member} onAsk={setPending} />
              ))}
            </ul>
          ) : null}
        </CardContent>
      </Card>

      {team.data && team.data.invitations.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>Invitations waiting</CardTitle>
          </CardHeader>
          <CardContent>
            <ul aria-label="Invitations waiting">
              {team.data.invitations.map((invitation) => (
                <li
                  key={invitation.id}
                  className="flex flex-col gap-2 border-b border-slate-200 py-3 last:border-0 sm:flex-row sm:items-center"
                >
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words">{invitation.email}</p>
                    <p className="text-sm text-slate-600">
                      {CLINIC_ROLE_LABELS[invitation.role]} · expires {formatDateTime(invitation.expiresAt)}
                    </p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Withdraw: ${invitation.email}`}
                    disabled={revoke.isPending}
                    onClick={() =>
                      revoke.mutate(invitation.id, {
                        onSuccess: (result) => toast.success(result.message),
                        onError: (error) => toast.error(errorText(error)),
                      })
                    }
                  >
                    Withdraw
                  </Button>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}

      {pending && question && action ? (
        <ConfirmDialog
          open
          title={question.title(pending.member.name || pending.member.email)}
          description={question.description}
          confirmLabel={question.confirm}
          pendingLabel={question.pending}
          pending={action.isPending}
          error={action.isError ? errorText(action.error) : null}
          destructive={pending.kind !== 'sign-out'}
          onCancel={() => {
            action.reset();
            setPending(null);
          }}
          onConfirm={() =>
            action.mutate(pending.member.userId, {
              onSuccess: (result) => {
                toast.success(result.message);
                setPending(null);
                // The owner is now a manager: the whole app loads again with the new role.
                if (pending.kind === 'transfer') window.location.assign('/dashboard');
              },
            })
          }
        />
      ) : null}
    </div>
  );
}
