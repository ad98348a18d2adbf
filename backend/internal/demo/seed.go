package demo

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/cases"

	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/civil"
	"github.com/kesihq/kesi/ent/user"
)

// SeedOptions size a bulk data set.
type SeedOptions struct {
	Lawyers int // new subscribed lawyers to create
	Cases   int // cases per lawyer
	Workers int // lawyers written at once; 1 for SQLite
	// Batch is the rows per INSERT; kept under both engines' parameter limits.
	Batch int
	// Seed makes the data set reproducible.
	Seed uint64
	// EmailPrefix names the lawyers: PREFIX-00001@seed.kesi.test...
	EmailPrefix string
	// PaidUntil is the lawyers' subscription end.
	PaidUntil time.Time
	// PasswordHash, an encoded argon2id hash computed once for the whole
	// run, lets the lawyers sign in through the real login (load tests);
	// empty leaves them without a usable password.
	PasswordHash string
}

// seedNumbers are case-number formats of kenya-courts.md, filled with a
// number unique within one lawyer's diary and a year.
var seedNumbers = []string{
	"MCCC/E%04d/%d", "MCCR/E%03d/%d", "Civil Appeal E%03d of %d", "ELRC Cause E%03d of %d",
	"MCSUCC/E%03d/%d", "Environment and Land Appeal E%03d of %d",
}

// SeedEmail is the address of the n-th (from 0) lawyer of a seed run.
func SeedEmail(prefix string, n int) string {
	return fmt.Sprintf("%s-%05d@seed.kesi.test", prefix, n)
}

// Seed writes opts.Lawyers lawyers, each with opts.Cases cases of about
// three activities from 60 days before today to 60 days after (about one
// case in six with only past dates, so it needs an update), with bulk
// inserts. Lawyers whose address already exists are left as they are, so a
// seed run can be resumed.
func Seed(ctx context.Context, db *ent.Client, today civil.Date, opts SeedOptions) error {
	if opts.Workers < 1 {
		opts.Workers = 1
	}
	if opts.Batch < 1 {
		opts.Batch = 1000
	}
	if opts.EmailPrefix == "" {
		opts.EmailPrefix = "lawyer"
	}
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
		next     = make(chan int)
	)
	for range opts.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range next {
				if err := seedLawyer(ctx, db, today, opts, n); err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
				}
			}
		}()
	}
	for n := 0; n < opts.Lawyers; n++ {
		mu.Lock()
		failed := firstErr != nil
		mu.Unlock()
		if failed || ctx.Err() != nil {
			break
		}
		next <- n
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	return ctx.Err()
}

func seedLawyer(ctx context.Context, db *ent.Client, today civil.Date, opts SeedOptions, n int) error {
	email := SeedEmail(opts.EmailPrefix, n)
	exists, err := db.User.Query().Where(user.Email(email)).Exist(ctx)
	if err != nil {
		return fmt.Errorf("look for %s: %w", email, err)
	}
	if exists {
		return nil
	}
	rng := rand.New(rand.NewPCG(opts.Seed, uint64(n)))
	hash := opts.PasswordHash
	if hash == "" {
		hash = "!unusable"
	}
	create := db.User.Create().SetEmail(email).SetFullname(fmt.Sprintf("Seed Advocate %05d", n)).
		SetPhoneNumber("0700000000").SetPasswordHash(hash).SetRole(user.RoleLawyer)
	if !opts.PaidUntil.IsZero() {
		create.SetPaidUntil(opts.PaidUntil)
	}
	u, err := create.Save(ctx)
	if err != nil {
		return fmt.Errorf("create %s: %w", email, err)
	}
	tx, err := db.Tx(ctx)
	if err != nil {
		return fmt.Errorf("begin seed of %s: %w", email, err)
	}
	if err := seedCases(ctx, tx.Client(), today, u.ID, opts, rng); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit seed of %s: %w", email, err)
	}
	return nil
}

func seedCases(ctx context.Context, db *ent.Client, today civil.Date, owner uuid.UUID, opts SeedOptions, rng *rand.Rand) error {
	var batch []cases.WholeCase
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		if _, err := cases.WriteWhole(ctx, db, owner, today, batch, opts.Batch); err != nil {
			return fmt.Errorf("write seed cases: %w", err)
		}
		batch = batch[:0]
		return nil
	}
	for i := 0; i < opts.Cases; i++ {
		m := matters[rng.IntN(len(matters))]
		m.caseID = fmt.Sprintf(seedNumbers[i%len(seedNumbers)], i+1, 2019+rng.IntN(7))
		p := plan{m: m}
		past := act{offset: -1 - rng.IntN(60), kind: pastKinds[rng.IntN(len(pastKinds))], time: times[rng.IntN(len(times))], outcome: outcomes[rng.IntN(len(outcomes))]}
		other := act{offset: -60 + rng.IntN(121), kind: futureKinds[rng.IntN(len(futureKinds))], time: times[rng.IntN(len(times))]}
		if rng.IntN(6) == 0 {
			p.acts = []act{past, {offset: -1 - rng.IntN(30), kind: "Mention", time: "09:00"}}
			p.snooze = rng.IntN(3) == 0
		} else {
			p.acts = []act{past, other, {offset: rng.IntN(61), kind: futureKinds[rng.IntN(len(futureKinds))], time: times[rng.IntN(len(times))]}}
		}
		batch = append(batch, build(p, today))
		if len(batch) >= opts.Batch {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	return flush()
}
