import { zodResolver } from '@hookform/resolvers/zod';
import { authScreenMessages as m, RegisterSchema } from '@shipyard/shared';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
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
    resolver: zodResolver(RegisterSchema),
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
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Name</FormLabel>
              <FormControl>
                <Input autoComplete="name" placeholder="Ada Lovelace" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Email</FormLabel>
              <FormControl>
                <Input type="email" autoComplete="email" placeholder="you@company.com" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Password</FormLabel>
              <FormControl>
                <Input type="password" autoComplete="new-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button
          type="submit"
          className="w-full"
          disabled={registerMutation.isPending}
          aria-busy={registerMutation.isPending}
        >
          {registerMutation.isPending && <Spinner aria-hidden="true" />}
          Sign Up
        </Button>
      </form>
    </Form>
  );
}
