import type { SocialChannel } from "#client/lib/shell-view.ts";
import { Icon } from "#client/components/ui/icon.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { getSocialIcon } from "./social-icon.ts";

type SocialLinksProps = {
  channels: SocialChannel[];
  className?: string;
  linkClassName?: string;
  iconClassName?: string;
};

/** Social channels as icon links that open in a new window (and say so to screen-reader users). */
export function SocialLinks({ channels, className, linkClassName, iconClassName }: SocialLinksProps) {
  const t = useT();
  return (
    <ul className={className}>
      {channels.map((channel) => (
        <li key={channel.url} className="list-inline-item">
          <a className={linkClassName} href={channel.url} target="_blank" rel="noopener noreferrer">
            <Icon name={getSocialIcon(channel.class, channel.title)} className={iconClassName} />
            <span className="visually-hidden">{`${channel.title} ${t("common.newWindow")}`}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
