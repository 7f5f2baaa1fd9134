// SPEC.md's Back button: home from /plans, one step back in history everywhere else (home when there is none).
import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { backTarget } from '#common/routes.ts';

export function BackButton({ label = 'Back' }: { label?: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const onClick = () => {
    const target = backTarget(pathname);
    // React Router keeps the history index in state; 0 means this page was opened directly.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (target.kind === 'path') navigate(target.to);
    else if (index > 0) navigate(-1);
    else navigate('/');
  };
  return (
    <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onClick} px={0}>
      {label}
    </Button>
  );
}
