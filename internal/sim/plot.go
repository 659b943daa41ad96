package sim

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/sandtable/sandtable/internal/outfile"
)

// Plot size: wide enough for two panels side by side; PNGs are drawn at 96
// dpi, so 11 × 5 inches is 1056 × 480 pixels.
const (
	plotWidth  = 11 * vg.Inch
	plotHeight = 5 * vg.Inch
	titleSpace = 0.45 * vg.Inch
)

var (
	sideColour  = color.RGBA{R: 0x44, G: 0x77, B: 0xaa, A: 0xff}
	agentColour = color.RGBA{R: 0xee, G: 0x88, B: 0x33, A: 0xff}
	drawColour  = color.RGBA{R: 0xaa, G: 0xaa, B: 0xaa, A: 0xff}
	histColour  = color.RGBA{R: 0x66, G: 0x99, B: 0x66, A: 0xff}
)

// PlotFormat returns the plot format for a file name: "svg" or "png" by its
// extension (any case), or an error naming the extension.
func PlotFormat(path string) (string, error) {
	ext := filepath.Ext(path)
	switch l := strings.ToLower(ext); {
	case l != ".svg" && l != ".png":
		return "", fmt.Errorf("plot file %q: unsupported extension %q (want .svg or .png)", path, ext)
	case filepath.Base(path) == ext:
		return "", fmt.Errorf("plot file %q: no name before the extension", path)
	default:
		return l[1:], nil
	}
}

// SavePlot writes the report's plot to path in the format its extension
// names (see PlotFormat). It writes a temporary file of its own (a fresh
// name beside path) and renames it, so a failure leaves neither a partial
// plot nor the temporary file, and never touches any other file. A
// directory at path is an error (outfile.Write).
func (r *Report) SavePlot(path string) error {
	format, err := PlotFormat(path)
	if err != nil {
		return err
	}
	return outfile.Write(path, func(w io.Writer) error { return r.WritePlot(w, format) })
}

// WritePlot draws the report in format ("svg" or "png") to w: on the left
// the win rate of each side, the draw rate and, when two different agents
// swap sides, each agent's win rate, with Wilson 95% intervals as error
// bars; on the right a histogram of game length in turns. The title names
// the scenario, the number of games and the agents. With no finished game
// both panels say so instead of drawing empty bars.
func (r *Report) WritePlot(w io.Writer, format string) error {
	if format != "svg" && format != "png" {
		return fmt.Errorf("sim: unsupported plot format %q (want svg or png)", format)
	}
	wins, err := r.winPlot()
	if err != nil {
		return err
	}
	hist, err := r.turnPlot()
	if err != nil {
		return err
	}
	c, err := draw.NewFormattedCanvas(plotWidth, plotHeight, format)
	if err != nil {
		return fmt.Errorf("sim: %w", err)
	}
	dc := draw.New(c)
	// A white background everywhere, then the title across the top.
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	title := wins.Title.TextStyle
	title.Font = font.From(plot.DefaultFont, 15)
	dc.FillText(title, vg.Point{X: plotWidth / 2, Y: plotHeight - 0.12*vg.Inch}, r.title())

	body := draw.Crop(dc, 0, 0, 0, -titleSpace)
	tiles := draw.Tiles{Rows: 1, Cols: 2, PadX: 0.4 * vg.Inch, PadTop: 0.05 * vg.Inch,
		PadBottom: 0.1 * vg.Inch, PadLeft: 0.15 * vg.Inch, PadRight: 0.25 * vg.Inch}
	plots := [][]*plot.Plot{{wins, hist}}
	canvases := plot.Align(plots, tiles, body)
	wins.Draw(canvases[0][0])
	hist.Draw(canvases[0][1])
	if _, err := c.WriteTo(w); err != nil {
		return fmt.Errorf("sim: writing plot: %w", err)
	}
	return nil
}

func (r *Report) title() string {
	t := fmt.Sprintf("%s: %s, %s (%s) v %s (%s)", r.name(), count(r.GameCount(), "game"), r.Agents[0], r.Sides[0], r.Agents[1], r.Sides[1])
	if r.Swap {
		t += ", swapped in odd games"
	}
	if n := len(r.Errors); n > 0 {
		t += fmt.Sprintf(", %d failed", n)
	}
	if r.Interrupted {
		t += ", interrupted"
	}
	return t
}

// noFinishedGames is what a panel says, instead of drawing bars of
// nothing, when no game finished.
const noFinishedGames = "no finished games"

// emptyPanel returns a panel titled title with noFinishedGames in its
// middle and no axes.
func emptyPanel(title string) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title
	p.HideAxes()
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, 1, 0, 1
	lb, err := plotter.NewLabels(plotter.XYLabels{XYs: plotter.XYs{{X: 0.5, Y: 0.5}}, Labels: []string{noFinishedGames}})
	if err != nil {
		return nil, fmt.Errorf("sim: plot: %w", err)
	}
	for i := range lb.TextStyle {
		lb.TextStyle[i].Font = font.From(plot.DefaultFont, 14)
		lb.TextStyle[i].XAlign = draw.XCenter
		lb.TextStyle[i].YAlign = draw.YCenter
	}
	p.Add(lb)
	return p, nil
}

// rateBars is a group of bars with their intervals.
type rateBars struct {
	labels []string
	k      []int
	colour color.Color
}

func (r *Report) winPlot() (*plot.Plot, error) {
	if r.Completed == 0 {
		return emptyPanel("Win rate")
	}
	groups := []rateBars{{colour: sideColour}, {labels: []string{"draw"}, k: []int{r.Draws}, colour: drawColour}}
	for side, id := range r.Sides {
		groups[0].labels = append(groups[0].labels, id)
		groups[0].k = append(groups[0].k, r.Wins[side])
	}
	if r.Swap && r.Agents[0] != r.Agents[1] {
		g := rateBars{colour: agentColour}
		for _, key := range r.AgentKeys() {
			g.labels = append(g.labels, key)
			g.k = append(g.k, r.AgentWins[key])
		}
		groups = append(groups, g)
	}

	p := plot.New()
	p.Title.Text = fmt.Sprintf("Win rate over %s, 95%% Wilson interval", count(r.Completed, "finished game"))
	p.Y.Label.Text = "win rate"
	p.Y.Min, p.Y.Max = 0, 1.08
	p.Y.Tick.Marker = percentTicks{}
	p.Add(plotter.NewGrid())
	var names []string
	x := 0
	for _, g := range groups {
		vals := make(plotter.Values, len(g.k))
		var errs errorPoints
		var labels plotter.XYLabels
		for i, k := range g.k {
			rate := float64(k) / float64(r.Completed)
			lo, hi := Wilson(k, r.Completed, Z95)
			vals[i] = rate
			pt := plotter.XY{X: float64(x + i), Y: rate}
			errs.XYs = append(errs.XYs, pt)
			errs.YErrors = append(errs.YErrors, struct{ Low, High float64 }{rate - lo, hi - rate})
			labels.XYs = append(labels.XYs, plotter.XY{X: float64(x + i), Y: hi})
			labels.Labels = append(labels.Labels, pctf(rate))
		}
		bars, err := plotter.NewBarChart(vals, 0.45*vg.Inch)
		if err != nil {
			return nil, fmt.Errorf("sim: plot: %w", err)
		}
		bars.XMin = float64(x)
		bars.Color = g.colour
		bars.LineStyle.Width = 0
		eb, err := plotter.NewYErrorBars(errs)
		if err != nil {
			return nil, fmt.Errorf("sim: plot: %w", err)
		}
		eb.LineStyle.Width = vg.Points(1.2)
		eb.CapWidth = vg.Points(10)
		lb, err := plotter.NewLabels(labels)
		if err != nil {
			return nil, fmt.Errorf("sim: plot: %w", err)
		}
		for i := range lb.TextStyle {
			lb.TextStyle[i].XAlign = draw.XCenter
			lb.TextStyle[i].YAlign = draw.YBottom
		}
		lb.Offset = vg.Point{Y: vg.Points(3)}
		p.Add(bars, eb, lb)
		names = append(names, g.labels...)
		x += len(g.k)
	}
	p.NominalX(names...)
	p.X.Min, p.X.Max = -0.6, float64(x)-0.4
	return p, nil
}

// errorPoints is bar tops with their errors below and above, for
// plotter.NewYErrorBars.
type errorPoints struct {
	plotter.XYs
	plotter.YErrors
}

// percentTicks labels a 0..1 axis in percent every 10%, with a label every
// 20%.
type percentTicks struct{}

func (percentTicks) Ticks(lo, hi float64) []plot.Tick {
	var ts []plot.Tick
	for i := 0; i <= 10; i++ {
		v := float64(i) / 10
		if v < lo-1e-9 || v > hi+1e-9 {
			continue
		}
		t := plot.Tick{Value: v}
		if i%2 == 0 {
			t.Label = fmt.Sprintf("%d%%", i*10)
		}
		ts = append(ts, t)
	}
	return ts
}

func (r *Report) turnPlot() (*plot.Plot, error) {
	d := r.Turns
	if r.Completed == 0 || len(d.Histogram) == 0 {
		return emptyPanel("Game length")
	}
	p := plot.New()
	turns := "turns"
	if d.Median == 1 {
		turns = "turn"
	}
	p.Title.Text = fmt.Sprintf("Game length: median %g %s, mean %.2f (q1 %g, q3 %g)", d.Median, turns, d.Mean, d.Q1, d.Q3)
	p.X.Label.Text = "turns"
	p.Y.Label.Text = "games"
	p.Add(plotter.NewGrid())
	// One bar per turn count, or per bin of several when the range is wide,
	// as in the text histogram.
	width := (d.Max-d.Min)/maxHistogramRows + 1
	h := &plotter.Histogram{Width: float64(width), FillColor: histColour, LineStyle: plotter.DefaultLineStyle}
	h.LineStyle.Color = color.White
	for lo := d.Min; lo <= d.Max; lo += width {
		h.Bins = append(h.Bins, plotter.HistogramBin{Min: float64(lo) - 0.5, Max: float64(lo+width) - 0.5})
	}
	most := 0.0
	for _, c := range d.Histogram {
		b := &h.Bins[(c.Turns-d.Min)/width]
		b.Weight += float64(c.Games)
		most = max(most, b.Weight)
	}
	p.Add(h)
	p.Y.Max = most * 1.06 // headroom above the tallest bar
	p.X.Tick.Marker = integerTicks{}
	p.Y.Tick.Marker = integerTicks{}
	p.Y.Min = 0
	return p, nil
}

// integerTicks puts labelled ticks on whole numbers, at a step of 1, 2 or 5
// times a power of ten giving at most about eight of them.
type integerTicks struct{}

func (integerTicks) Ticks(lo, hi float64) []plot.Tick {
	step := 1.0
	for i := 0; (hi-lo)/step > 8; i++ {
		step *= [...]float64{2, 2.5, 2}[i%3]
	}
	var ts []plot.Tick
	for v := math.Ceil(lo/step) * step; v <= hi; v += step {
		ts = append(ts, plot.Tick{Value: v, Label: strconv.Itoa(int(v))})
	}
	return ts
}
