import { Camera, Undo2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../../components/ui/button';
import { UserAvatar } from '../../components/user-avatar';
import { AVATAR_MAX_MB, AVATAR_TYPES, avatarProblem } from './schemas';

/** A chosen file's preview URL, revoked when the file changes or the picker goes away. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return undefined;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/** The current photo (or initials), a new one previewed before saving, and the way to undo it. */
export function AvatarPicker({
  name,
  avatar,
  file,
  onFileChange,
  disabled,
}: {
  name: string;
  avatar: string | null;
  file: File | null;
  onFileChange: (file: File | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const preview = usePreviewUrl(file);
  const [problem, setProblem] = useState<'type' | 'size' | null>(null);

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <div className="relative size-20 shrink-0">
        {preview ? (
          <img
            src={preview}
            alt={t('profile.avatar.preview')}
            className="size-20 rounded-full object-cover ring-4 ring-primary-soft"
            data-testid="profile-avatar-preview"
          />
        ) : (
          <UserAvatar
            name={name}
            avatar={avatar}
            alt={t('profile.avatar.current')}
            className="size-20 bg-gradient-to-br from-orange-500 to-amber-500 text-2xl font-semibold text-white"
            initialsTestId="profile-avatar-initials"
            imageTestId="profile-avatar-image"
          />
        )}
      </div>
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap gap-2">
          <label
            htmlFor={inputId}
            className={
              buttonClasses('secondary', 'md') +
              ' cursor-pointer has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-ring'
            }
          >
            <Camera className="size-4" aria-hidden="true" />
            {avatar || file ? t('profile.avatar.change') : t('profile.avatar.upload')}
            <input
              id={inputId}
              type="file"
              accept={AVATAR_TYPES.join(',')}
              className="sr-only"
              disabled={disabled}
              data-testid="profile-avatar-input"
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                event.target.value = '';
                if (!chosen) return;
                const issue = avatarProblem(chosen);
                setProblem(issue);
                if (!issue) onFileChange(chosen);
              }}
            />
          </label>
          {file ? (
            <Button
              variant="ghost"
              icon={<Undo2 className="size-4" aria-hidden="true" />}
              onClick={() => onFileChange(null)}
              disabled={disabled}
              data-testid="profile-avatar-undo"
            >
              {t('profile.avatar.undo')}
            </Button>
          ) : null}
        </div>
        {problem ? (
          <p className="text-sm text-danger" role="alert" data-testid="profile-avatar-error">
            {problem === 'type'
              ? t('profile.avatar.invalidType')
              : t('profile.avatar.tooLarge', { max: AVATAR_MAX_MB })}
          </p>
        ) : (
          <p className="text-xs text-fg-muted">
            {file ? t('profile.avatar.pending') : t('profile.avatar.hint', { max: AVATAR_MAX_MB })}
          </p>
        )}
      </div>
    </div>
  );
}
