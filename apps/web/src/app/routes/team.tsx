import { PageHeader } from '../../components/page-header.tsx';

// The feature behind this page arrives with its own issue; until then it shows its heading.
export function Component() {
  return <PageHeader title="User Management" />;
}

export default Component;
