/**
 * The signed-in person's photo, or their initials (at most 2 letters, or U) when there is none or
 * it fails to load. `avatar` is the user's `avatar` URL (`/api/avatars/{name}`): public by its
 * unguessable name, so a plain <img> shows it without the bearer token.
 *
 *   <UserAvatar name={user.name} avatar={user.avatar} className="size-9 text-sm" />
 */
import { useState } from 'react';
import { cn } from '../lib/cn';
import { initialsOf } from '../lib/format';

export function UserAvatar({
  name,
  avatar,
  className,
  alt = '',
  initialsTestId = 'user-initials',
  imageTestId = 'user-avatar',
}: {
  name: string | null | undefined;
  avatar: string | null | undefined;
  className?: string;
  /** Empty when a label next to it already names the person. */
  alt?: string;
  initialsTestId?: string;
  imageTestId?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (avatar && failed !== avatar) {
    return (
      <img
        src={avatar}
        alt={alt}
        onError={() => setFailed(avatar)}
        className={cn('rounded-full object-cover', className)}
        data-testid={imageTestId}
      />
    );
  }
  return (
    <span
      className={cn('flex items-center justify-center rounded-full', className)}
      data-testid={initialsTestId}
    >
      {initialsOf(name)}
    </span>
  );
}
