import { authScreenMessages as m } from '@shipyard/shared';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { toast } from '../../../lib/toast.ts';
import { useRegister } from '../api/register.ts';

type SignUpFormProps = {
  /** The account exists; the user must verify `email` before logging in (spec §2.4). */
  onSignedUp: (email: string) => void;
};

/** The Sign Up tab (spec §2.4): name, email, password, a Sign Up button with a loading state. */
export function SignUpForm({ onSignedUp }: SignUpFormProps) {
  const registerMutation = useRegister();
  const form = useForm({
    resolver: lazyResolver(() => import('./auth-resolvers.ts').then((r) => r.registerResolver)),
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = form.handleSubmit((values) => {
    registerMutation.mutate(values, {
      onSuccess: () => {
        toast.success(m.accountCreatedTitle, { description: m.accountCreated });
        onSignedUp(values.email);
      },
      onError: (error) => {
        toast.error(m.signUpFailedTitle, { description: error.message || m.unknownError });
      },
    });
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <TextField
          control={form.control}
          name="name"
          label="Name"
          autoComplete="name"
          placeholder="Ada Lovelace"
        />
        <TextField
          control={form.control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
        />
        <TextField
          control={form.control}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
        />
        <Button type="submit" className="w-full" pending={registerMutation.isPending}>
          Sign Up
        </Button>
      </form>
    </Form>
  );
}
