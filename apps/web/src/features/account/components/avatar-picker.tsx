import { AVATAR_TYPES, accountMessages as m, type User } from '@shipyard/shared';
import { CameraIcon } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { avatarFileProblem, useUploadAvatar } from '../api/upload-avatar.ts';
import { UserAvatar } from './user-avatar.tsx';

export type AvatarPickerProps = {
  user: User;
  onUpdated: (user: User) => void;
};

/** The avatar with its 'Change Avatar' button (spec §2.18: image files only). */
export function AvatarPicker({ user, onUpdated }: AvatarPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string>();
  const upload = useUploadAvatar();
  const problemId = useId();

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Let the same file be picked again after a failure.
    event.target.value = '';
    if (!file) return;
    const refused = avatarFileProblem(file);
    setProblem(refused);
    if (refused) return;
    upload.mutate(file, {
      onSuccess: (updated) => {
        onUpdated(updated);
        toast.success(t(m.avatarUploadedTitle), { description: t(m.avatarUploaded) });
      },
      onError: (error) => {
        toast.error(t(m.avatarUploadFailedTitle), {
          description: getErrorMessage(error, t(m.avatarUploadFailed)),
        });
      },
    });
  };

  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <UserAvatar user={user} className="size-24 text-3xl [&_[data-slot=avatar-fallback]]:text-3xl" />
      <div className="min-w-0 max-w-full">
        <p className="truncate font-medium">{user.full_name || user.email}</p>
        <p className="truncate text-muted-foreground text-sm">{user.email}</p>
      </div>
      <input
        ref={inputRef}
        type="file"
        accept={AVATAR_TYPES.join(',')}
        aria-label={t('Avatar image')}
        className="hidden"
        onChange={onFile}
      />
      <Button
        variant="outline"
        size="sm"
        disabled={upload.isPending}
        aria-describedby={problem ? problemId : undefined}
        onClick={() => inputRef.current?.click()}
      >
        {upload.isPending ? (
          <Spinner label={t('Uploading')} aria-hidden="true" />
        ) : (
          <CameraIcon aria-hidden="true" />
        )}
        {upload.isPending ? t('Uploading...') : t('Change Avatar')}
      </Button>
      {problem ? (
        <p id={problemId} role="alert" className="text-destructive text-sm">
          {t(problem)}
        </p>
      ) : (
        <p className="text-muted-foreground text-xs">{t('PNG, JPEG, GIF or WebP, up to 2 MB.')}</p>
      )}
    </div>
  );
}
