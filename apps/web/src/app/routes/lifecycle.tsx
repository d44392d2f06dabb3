import { LifecyclePage } from '../../features/lifecycle/components/lifecycle-page.tsx';

// Every role that sees products sees the lifecycle reports (issue 32); the server counts each their own.
export function Component() {
  return <LifecyclePage />;
}
