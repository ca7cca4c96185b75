import { brand } from '@kloof/ui';
import { Link } from 'react-router-dom';
import { discoveryPrice, formatPrice } from '../../pricing/tiers';

/** Docs part one: how a project with the studio runs, step by step. */
export function WorkingWithUs() {
  return (
    <>
      <h2 id="working-with-us">Working with us</h2>
      <p>
        Every project follows the same rhythm, whether it is a ten-page website or a fleet of connected devices. Here is
        what happens, and when.
      </p>

      <h3 id="first-conversation">The first conversation</h3>
      <p>
        Send us a message through the <Link to="/contact">contact form</Link> or call{' '}
        <a href={brand.phoneHref}>{brand.phone}</a>. We reply within one working day to set up a free 30-minute video
        call. Bring the problem, not a specification: who it is for, what it should change and any deadline that
        matters. We will tell you honestly if we are not the right team.
      </p>

      <h3 id="proposal">Proposal and quote</h3>
      <p>
        Within five working days you receive a written proposal: the scope in plain language, the team, a timeline and a
        fixed price range. Prices are in rand and exclude VAT; see <Link to="/pricing">pricing</Link> for the usual
        starting points.
      </p>

      <h3 id="discovery">Discovery</h3>
      <p>
        Bigger projects start with one to two weeks of discovery ({formatPrice(discoveryPrice)}, fixed, credited against
        the build). We interview the people who will use the product, map existing systems and data, and test a
        clickable prototype. You leave with:
      </p>
      <ul>
        <li>a prioritised list of features, split into a first release and later ones;</li>
        <li>a prototype you can show to investors, managers or customers;</li>
        <li>a technical plan and an estimate narrow enough to budget with.</li>
      </ul>

      <h3 id="sprints">Sprints and demos</h3>
      <p>
        We build in two-week sprints. Each sprint ends with a live demo on the staging site, a short written summary and
        the budget used so far against scope delivered. Between demos you can reach the team in a shared Slack or
        Microsoft Teams channel; we answer within four office hours ({brand.hours}).
      </p>

      <h3 id="launch">Launch and after</h3>
      <p>
        Launches happen early in the week, never on a Friday, with monitoring and a rollback plan in place. After launch
        every project has a warranty period for defects. To keep improving the product, choose a care plan or a
        dedicated team; either way you keep the code, the accounts and the documentation.
      </p>

      <h3 id="what-we-need">What we need from you</h3>
      <ul>
        <li>
          <strong>One decision maker</strong> who can say yes or no to scope changes within two working days.
        </li>
        <li>
          <strong>Access</strong> to the systems we integrate with, and to a few of the people who will use the product.
        </li>
        <li>
          <strong>An hour every two weeks</strong> for the sprint demo.
        </li>
      </ul>
    </>
  );
}
