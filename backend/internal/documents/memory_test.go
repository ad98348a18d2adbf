package documents_test

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"math/rand/v2"
	"net/http"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kesihq/kesi/backend/internal/gateway"
	"github.com/kesihq/kesi/backend/internal/testkit"
)

// heapPeak samples the heap in use while f runs and answers its peak above
// what was in use before.
func heapPeak(f func()) uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapInuse
	var peak atomic.Uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var ms runtime.MemStats
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peak.Load() {
				peak.Store(ms.HeapInuse)
			}
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	f()
	close(stop)
	wg.Wait()
	if p := peak.Load(); p > base {
		return p - base
	}
	return 0
}

// TestMemory_UploadAndDownloadStayFlat streams 10 MiB and then 100 MiB
// files up and down through the real server: the peak heap must not grow
// with the file (nothing holds a file whole; the S3 store would hold one
// 8 MiB part).
func TestMemory_UploadAndDownloadStayFlat(t *testing.T) {
	// Not parallel: it measures the process's heap.
	srv := testkit.NewServer(t, testkit.SQLite, map[string]string{
		"KESI_MAX_UPLOAD_BYTES":  "209715200",
		"KESI_MAX_REQUEST_BYTES": "209715200",
	})
	lawyer := srv.Lawyer(t)
	newCase(t, srv, lawyer.User.ID, "MCCC/E3574/2022")

	measure := func(size int64) (up, down uint64) {
		sum := sha256.New()
		body := io.TeeReader(io.LimitReader(rand.NewChaCha8([32]byte{byte(size)}), size), sum)
		var doc gateway.FileJSON
		up = heapPeak(func() {
			res := upload(t, srv, lawyer, form{caseID: str("MCCC/E3574/2022"), title: str("Large bundle"), files: []file{{name: "bundle.pdf", body: body}}})
			if res.Status != http.StatusCreated {
				t.Fatalf("upload of %d bytes: %d %s", size, res.Status, res.Body)
			}
			var out gateway.FilesJSON
			res.JSON(t, &out)
			doc = out.Files[0]
		})
		if want := hex.EncodeToString(sum.Sum(nil)); doc.SHA256 != want {
			t.Fatalf("the server hashed %s, the client sent %s", doc.SHA256, want)
		}
		down = heapPeak(func() {
			res, err := lawyer.HTTP.Get(srv.URL + doc.DocumentURL)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			got := sha256.New()
			n, err := io.Copy(got, res.Body)
			if err != nil || n != size || hex.EncodeToString(got.Sum(nil)) != doc.SHA256 {
				t.Fatalf("download of %d bytes: %d bytes, %v", size, n, err)
			}
		})
		return up, down
	}
	const MiB = 1 << 20
	up10, down10 := measure(10 * MiB)
	up100, down100 := measure(100 * MiB)
	t.Logf("peak heap above baseline: upload 10 MiB %.1f MiB, 100 MiB %.1f MiB; download 10 MiB %.1f MiB, 100 MiB %.1f MiB",
		float64(up10)/MiB, float64(up100)/MiB, float64(down10)/MiB, float64(down100)/MiB)
	const slack = 16 * MiB // GC timing, buffers, the race detector's shadow
	if up100 > up10+slack || down100 > down10+slack {
		t.Fatalf("peak heap grows with the file: upload %d -> %d, download %d -> %d bytes", up10, up100, down10, down100)
	}
	if up100 > 48*MiB || down100 > 48*MiB {
		t.Fatalf("a 100 MiB transfer peaked at %d (upload) and %d (download) bytes of heap", up100, down100)
	}
}
