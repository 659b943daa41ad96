package simqueue

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/scenario"
	"github.com/sandtable/sandtable/internal/sim"
)

// The streams, subjects and consumer the queue uses.
const (
	JobStream      = "SANDTABLE_SIM_JOBS"
	jobPrefix      = "sandtable.sim.jobs."
	ResultStream   = "SANDTABLE_SIM_RESULTS"
	resultPrefix   = "sandtable.sim.results."
	errorPrefix    = "sandtable.sim.errors."
	WorkerConsumer = "sandtable-sim-workers"
)

// JobSubject is the subject of shard's job in run, ResultSubject that of
// its summary, and ErrorSubject that of a worker's word that it could not
// play the shard.
func JobSubject(run string, shard int) string { return jobPrefix + run + "." + strconv.Itoa(shard) }
func ResultSubject(run string, shard int) string {
	return resultPrefix + run + "." + strconv.Itoa(shard)
}
func ErrorSubject(run string, shard int) string { return errorPrefix + run + "." + strconv.Itoa(shard) }

// fetchWait is how long a worker asks the server for a job at a time
// before asking again (it checks between whether it is to stop).
var fetchWait = 5 * time.Second

// resultsKept is how long the results stream keeps a summary.
const resultsKept = 7 * 24 * time.Hour

// DefaultAckWait is how long the server waits for a worker's word on a
// job (a heartbeat or its acknowledgement) before giving the job to
// another worker. Workers send a heartbeat every third of it.
const DefaultAckWait = 30 * time.Second

// Job is one shard of a run: what a worker needs to play it. On the
// wire its run's fields stand beside the id and the shard.
type Job struct {
	ID    string `json:"run"`
	Shard int    `json:"shard"`
	Run
}

// File is a file sent with a job: its base name and its contents.
type File struct {
	Name string `json:"name"`
	Data []byte `json:"data"`
}

// Result is what a worker files for a shard: its summary, or why the
// shard could not be played at all (a job naming a scenario or agent the
// worker does not have). Worker names the machine that played it.
type Result struct {
	Run     string       `json:"run"`
	Shard   int          `json:"shard"`
	Summary *sim.Summary `json:"summary,omitempty"`
	Error   string       `json:"error,omitempty"`
	Worker  string       `json:"worker"`
}

// Run is a simulation to share out: Jobs(run) are its shards.
type Run struct {
	// Scenario is a built-in scenario's id, or, when Files is set, the
	// name of the scenario file of the user's own that Files[0] holds
	// (the others are the unit files it needs).
	Scenario string    `json:"scenario"`
	Files    []File    `json:"files,omitempty"`
	Agents   [2]string `json:"agents"`
	Swap     bool      `json:"swap"`
	// Seed and Games are the whole run's; a shard plays its part.
	Seed   uint64 `json:"seed"`
	Games  int    `json:"games"`
	Shards int    `json:"shards"`
	// Workers is the number of games a worker plays at once (0: as many
	// as it has cores).
	Workers int `json:"workers,omitempty"`
}

// ID returns the run's id: a hash of everything that decides its games
// and of how it is cut into shards, so that the same run asked for again
// finds its shards' summaries.
func (r Run) ID() string {
	r.Workers = 0 // how many games a worker plays at once decides nothing
	data, _ := json.Marshal(r)
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])[:20]
}

// Jobs returns the run's jobs, one a shard, after checking that it can
// be cut into that many (sim.Shard).
func (r Run) Jobs() ([]Job, error) {
	if _, _, err := sim.Shard(r.Games, r.Swap, 0, r.Shards); err != nil {
		return nil, err
	}
	id := r.ID()
	jobs := make([]Job, r.Shards)
	for i := range jobs {
		jobs[i] = Job{ID: id, Shard: i, Run: r}
	}
	return jobs, nil
}

// Setup makes the queue's streams and the workers' consumer, or brings
// them to this configuration; ackWait is the consumer's (0:
// DefaultAckWait).
func Setup(ctx context.Context, js jetstream.JetStream, ackWait time.Duration) (jetstream.Consumer, error) {
	if ackWait <= 0 {
		ackWait = DefaultAckWait
	}
	if _, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name: JobStream, Subjects: []string{jobPrefix + ">"}, Retention: jetstream.WorkQueuePolicy,
		Description: "sandtable simulate: shards waiting for a worker",
	}); err != nil {
		return nil, fmt.Errorf("simqueue: the jobs stream: %w", err)
	}
	if _, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name: ResultStream, Subjects: []string{resultPrefix + ">", errorPrefix + ">"}, MaxAge: resultsKept,
		Description: "sandtable simulate: the shards' summaries",
	}); err != nil {
		return nil, fmt.Errorf("simqueue: the results stream: %w", err)
	}
	c, err := js.CreateOrUpdateConsumer(ctx, JobStream, jetstream.ConsumerConfig{
		Durable: WorkerConsumer, AckPolicy: jetstream.AckExplicitPolicy, AckWait: ackWait,
		MaxDeliver: -1, Description: "sandtable simulate workers",
	})
	if err != nil {
		return nil, fmt.Errorf("simqueue: the workers' consumer: %w", err)
	}
	return c, nil
}

// Submit queues the jobs of a run (all of one run) whose shards have
// neither a summary filed nor a job waiting in the queue, and returns how
// many it queued, and the results stream's last sequence number before
// it queued them: Collect heeds the workers' errors filed after it only,
// so that a shard that failed before (on a worker since mended) is
// played again.
func Submit(ctx context.Context, js jetstream.JetStream, jobs []Job) (queued int, since uint64, err error) {
	if len(jobs) == 0 {
		return 0, 0, nil
	}
	run := jobs[0].ID
	res, err := js.Stream(ctx, ResultStream)
	if err != nil {
		return 0, 0, fmt.Errorf("simqueue: the results stream: %w", err)
	}
	info, err := res.Info(ctx)
	if err != nil {
		return 0, 0, fmt.Errorf("simqueue: the results stream: %w", err)
	}
	since = info.State.LastSeq
	done, err := shardsIn(ctx, js, ResultStream, resultPrefix, run)
	if err != nil {
		return 0, 0, err
	}
	waiting, err := shardsIn(ctx, js, JobStream, jobPrefix, run)
	if err != nil {
		return 0, 0, err
	}
	for _, j := range jobs {
		if done[j.Shard] || waiting[j.Shard] {
			continue
		}
		data, err := json.Marshal(j)
		if err != nil {
			return queued, since, fmt.Errorf("simqueue: %w", err)
		}
		// The id keeps two submissions at once (since the same) from
		// queueing a job twice, and lets a submission after a failure
		// (since moved on) queue it again.
		ack, err := js.Publish(ctx, JobSubject(j.ID, j.Shard), data, jetstream.WithMsgID(fmt.Sprintf("%s.%d.%d", j.ID, j.Shard, since)))
		if err != nil {
			return queued, since, fmt.Errorf("simqueue: queueing shard %d: %w", j.Shard, err)
		}
		if !ack.Duplicate {
			queued++
		}
	}
	return queued, since, nil
}

// shardsIn returns the shards of run that have a message in stream,
// under subjects prefix+run+".shard".
func shardsIn(ctx context.Context, js jetstream.JetStream, stream, prefix, run string) (map[int]bool, error) {
	st, err := js.Stream(ctx, stream)
	if err != nil {
		return nil, fmt.Errorf("simqueue: the stream %s: %w", stream, err)
	}
	info, err := st.Info(ctx, jetstream.WithSubjectFilter(prefix+run+".*"))
	if err != nil {
		return nil, fmt.Errorf("simqueue: the stream %s: %w", stream, err)
	}
	in := map[int]bool{}
	for subj := range info.State.Subjects {
		if i, err := strconv.Atoi(strings.TrimPrefix(subj, prefix+run+".")); err == nil {
			in[i] = true
		}
	}
	return in, nil
}

// Collect waits for the summaries of every shard of run (shards of
// them) and returns them as pieces to merge, in shard order. It calls
// progress, if set, with the number in so far. A worker's word that it
// could not play a shard, filed after the results stream's sequence
// since (Submit's), fails the collection with the worker's reason.
func Collect(ctx context.Context, js jetstream.JetStream, run string, shards int, since uint64, progress func(done int)) ([]sim.Piece, error) {
	c, err := js.OrderedConsumer(ctx, ResultStream, jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{resultPrefix + run + ".*", errorPrefix + run + ".*"}, DeliverPolicy: jetstream.DeliverAllPolicy,
	})
	if err != nil {
		return nil, fmt.Errorf("simqueue: reading results: %w", err)
	}
	it, err := c.Messages()
	if err != nil {
		return nil, fmt.Errorf("simqueue: reading results: %w", err)
	}
	defer it.Stop()
	pieces := make([]sim.Piece, shards)
	have := make([]bool, shards)
	n := 0
	for n < shards {
		msg, err := it.Next(jetstream.NextContext(ctx))
		if err != nil {
			if ctx.Err() != nil {
				return nil, fmt.Errorf("simqueue: %d of %d shards in: %w", n, shards, ctx.Err())
			}
			return nil, fmt.Errorf("simqueue: reading results: %w", err)
		}
		var res Result
		if err := json.Unmarshal(msg.Data(), &res); err != nil || res.Run != run || res.Shard < 0 || res.Shard >= shards {
			return nil, fmt.Errorf("simqueue: a result on %s is not one of run %s's %d shards: %v", msg.Subject(), run, shards, err)
		}
		if have[res.Shard] {
			continue // played twice: the first summary filed stands
		}
		if strings.HasPrefix(msg.Subject(), errorPrefix) {
			if meta, err := msg.Metadata(); err == nil && meta.Sequence.Stream <= since {
				continue // from before this submission: the shard is played again
			}
			return nil, fmt.Errorf("simqueue: shard %d of %d could not be played on %s: %s", res.Shard, shards, res.Worker, res.Error)
		}
		if res.Summary == nil {
			return nil, fmt.Errorf("simqueue: shard %d's result from %s has no summary", res.Shard, res.Worker)
		}
		p, err := sim.NewPiece(fmt.Sprintf("shard %d (played on %s)", res.Shard, res.Worker), *res.Summary)
		if err != nil {
			return nil, fmt.Errorf("simqueue: %w", err)
		}
		pieces[res.Shard], have[res.Shard] = p, true
		n++
		if progress != nil {
			progress(n)
		}
	}
	return pieces, nil
}

// Worker plays jobs from the queue.
type Worker struct {
	// Name says which machine filed a result (default: the host name).
	Name string
	// AckWait is the consumer's, to pace the heartbeats (default
	// DefaultAckWait); Setup must have been called with the same.
	AckWait time.Duration
	// Played, if set, is told of each shard filed (played, or not
	// playable); Trouble of what went wrong with the server meanwhile
	// (the worker carries on).
	Played  func(Result)
	Trouble func(error)
}

// runID is what a run's id looks like (Run.ID).
var runID = regexp.MustCompile(`^[0-9a-f]{20}$`)

// valid says what is wrong with job, if anything, before any work.
func (job *Job) valid() error {
	switch {
	case !runID.MatchString(job.ID):
		return fmt.Errorf("run id %q: not a run's", job.ID)
	case job.Shards < 1 || job.Shard < 0 || job.Shard >= job.Shards:
		return fmt.Errorf("shard %d of %d", job.Shard, job.Shards)
	}
	return nil
}

// Work takes jobs from the workers' consumer and plays them, one at a
// time, until ctx is done. A job is acknowledged once its summary is
// filed; one that cannot be played files its reason instead (on its
// shard's ErrorSubject), and a message that is no job is dropped. A job
// cut short by ctx is handed back at once, for another worker.
func (w Worker) Work(ctx context.Context, js jetstream.JetStream) error {
	ackWait := w.AckWait
	if ackWait <= 0 {
		ackWait = DefaultAckWait
	}
	name := w.Name
	if name == "" {
		name, _ = os.Hostname()
	}
	trouble := func(err error) {
		if w.Trouble != nil {
			w.Trouble(err)
		}
		select { // do not spin on a server that keeps failing
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
	c, err := js.Consumer(ctx, JobStream, WorkerConsumer)
	if err != nil {
		return fmt.Errorf("simqueue: the workers' consumer: %w", err)
	}
	for ctx.Err() == nil {
		fctx, done := context.WithTimeout(ctx, fetchWait)
		msg, err := c.Next(jetstream.FetchContext(fctx))
		done()
		if ctx.Err() != nil {
			if err == nil {
				msg.Nak() // taken just now: hand it straight back
			}
			return nil
		}
		if err != nil {
			if !errors.Is(err, nats.ErrTimeout) && !errors.Is(err, jetstream.ErrNoMessages) && !errors.Is(err, jetstream.ErrNoHeartbeat) && !errors.Is(err, context.DeadlineExceeded) {
				trouble(fmt.Errorf("simqueue: taking a job: %w", err))
			}
			continue
		}
		var job Job
		bad := json.Unmarshal(msg.Data(), &job)
		if bad == nil {
			bad = job.valid()
		}
		if bad != nil {
			// Not a job: nothing can play it, so no worker should wait on it.
			msg.TermWithReason("not a sandtable simulate job: " + bad.Error())
			continue
		}
		res := w.play(ctx, msg, job, ackWait)
		res.Worker = name
		if ctx.Err() != nil {
			msg.Nak() // cut short: hand it to another worker at once
			return nil
		}
		subject := ResultSubject(job.ID, job.Shard)
		if res.Error != "" {
			subject = ErrorSubject(job.ID, job.Shard)
		}
		data, err := json.Marshal(res)
		if err != nil {
			return fmt.Errorf("simqueue: %w", err)
		}
		id := subject // a shard's summaries are all the same: one is kept
		if res.Error != "" {
			// Each failure is news: to the submission after it, too.
			if meta, err := msg.Metadata(); err == nil {
				id = fmt.Sprintf("%s.%d.%d", subject, meta.Sequence.Stream, meta.NumDelivered)
			} else {
				id = ""
			}
		}
		var opts []jetstream.PublishOpt
		if id != "" {
			opts = append(opts, jetstream.WithMsgID(id))
		}
		acked := false
		if res.Error != "" {
			// A failure takes its job off the queue before it is filed:
			// the submission it sends back may queue the shard again at
			// once, and must not find this job still waiting.
			if err := msg.DoubleAck(ctx); err != nil && ctx.Err() == nil {
				trouble(fmt.Errorf("simqueue: acknowledging failed shard %d of run %s: %w", job.Shard, job.ID, err))
			}
			acked = true
		}
		if _, err := js.Publish(ctx, subject, data, opts...); err != nil {
			if acked {
				trouble(fmt.Errorf("simqueue: filing the failure of shard %d of run %s: %w", job.Shard, job.ID, err))
				continue
			}
			if ctx.Err() != nil {
				msg.Nak()
				return nil
			}
			msg.NakWithDelay(ackWait / 3)
			trouble(fmt.Errorf("simqueue: filing shard %d of run %s: %w", job.Shard, job.ID, err))
			continue
		}
		if !acked {
			if err := msg.DoubleAck(ctx); err != nil && ctx.Err() == nil {
				// Filed but not acknowledged: another worker plays it
				// again, and its summary is ignored.
				trouble(fmt.Errorf("simqueue: acknowledging shard %d of run %s: %w", job.Shard, job.ID, err))
			}
		}
		if w.Played != nil {
			w.Played(res)
		}
	}
	return nil
}

// play plays job's shard, telling the server every third of ackWait
// that it is still at it.
func (w Worker) play(ctx context.Context, msg jetstream.Msg, job Job, ackWait time.Duration) Result {
	res := Result{Run: job.ID, Shard: job.Shard}
	cfg, cleanup, err := configOf(job)
	if err != nil {
		res.Error = err.Error()
		return res
	}
	defer cleanup()
	stop := make(chan struct{})
	var beats sync.WaitGroup
	beats.Go(func() {
		beat := time.NewTicker(ackWait / 3)
		defer beat.Stop()
		for {
			select {
			case <-beat.C:
				msg.InProgress()
			case <-stop:
				return
			}
		}
	})
	rep, err := sim.Run(ctx, cfg)
	close(stop)
	beats.Wait() // no heartbeat after the job is answered
	if err != nil && !rep.Interrupted {
		res.Error = err.Error()
		return res
	}
	s := rep.Summary()
	res.Summary = &s
	return res
}

// configOf is Job.config; tests make it fail.
var configOf = Job.config

// config returns the sim.Config of job's shard, and a cleanup for the
// files it wrote to load a scenario file of the user's own.
func (job Job) config() (sim.Config, func(), error) {
	off, size, err := sim.Shard(job.Games, job.Swap, job.Shard, job.Shards)
	if err != nil {
		return sim.Config{}, nil, err
	}
	cleanup := func() {}
	var sc *scenario.Scenario
	if len(job.Files) > 0 {
		dir, err := os.MkdirTemp("", "sandtable-job-")
		if err != nil {
			return sim.Config{}, nil, err
		}
		cleanup = func() { os.RemoveAll(dir) }
		var paths []string
		for i, f := range job.Files {
			// A directory a file, so that two of the same name (from
			// folders of their own) do not overwrite each other.
			sub := filepath.Join(dir, strconv.Itoa(i))
			p := filepath.Join(sub, filepath.Base(f.Name))
			if err := os.Mkdir(sub, 0o700); err != nil {
				cleanup()
				return sim.Config{}, nil, err
			}
			if err := os.WriteFile(p, f.Data, 0o600); err != nil {
				cleanup()
				return sim.Config{}, nil, err
			}
			paths = append(paths, p)
		}
		sc, err = scenario.LoadFile(paths[0], paths[1:]...)
		if err != nil {
			cleanup()
			return sim.Config{}, nil, fmt.Errorf("scenario file %s: %w", job.Scenario, err)
		}
	} else {
		cat, err := scenario.Embedded()
		if err != nil {
			return sim.Config{}, nil, err
		}
		if sc, err = cat.Scenario(job.Scenario); err != nil {
			return sim.Config{}, nil, fmt.Errorf("scenario %q: %w", job.Scenario, err)
		}
	}
	rules, ok := engine.Lookup(sc.Rules)
	if !ok {
		cleanup()
		return sim.Config{}, nil, fmt.Errorf("no ruleset %q for scenario %s", sc.Rules, sc.ID)
	}
	return sim.Config{Rules: rules, Scenario: sc, Games: size, Agents: job.Agents, Swap: job.Swap,
		Workers: job.Workers, Seed: job.Seed + uint64(off)}, cleanup, nil
}
